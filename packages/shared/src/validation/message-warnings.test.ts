import { describe, expect, it } from 'vitest';
import { messageFlagLabel, messageFlags } from './message-warnings.ts';

describe('messageFlags (issue #42: warnings in conversations)', () => {
  it.each([
    ['Ring mig på 070-123 45 67 så pratar vi', ['phone']],
    ['Nå mig på 0701234567', ['phone']],
    ['+46 70 123 45 67', ['phone']],
    ['Mitt nummer: 0046 8 123 456 78', ['phone']],
    ['Hemnummer 08-123 456', ['phone']],
    ['Maila mig på anna.svensson@example.se istället', ['email']],
    ['Skriv till anna (at) gmail.com', ['email']],
    ['anna[at]hotmail punkt com', ['email']],
    ['Kolla bilen på www.bilfynd.se', ['link']],
    ['Se fler bilder här: https://example.com/bilder', ['link']],
    ['Annonsen finns också på bilfynd.nu', ['link']],
    ['Betala förskott så skickar jag bilen', ['scam:förskott']],
    ['Förskottsbetalning krävs', ['scam:förskott']],
    ['Bilen står i Tyskland, frakten sköts av ett fraktbolag', ['scam:frakt']],
    ['Skicka pengarna via Western Union', ['scam:Western Union']],
    ['Pengarna går via MoneyGram', ['scam:MoneyGram']],
    ['En deposition på 5 000 kr behövs för att hålla bilen', ['scam:deposition']],
    ['Mitt ombud levererar bilen till dig', ['scam:ombud']],
    ['Du måste betala innan visning', ['scam:betala innan visning']],
    ['Betalning sker före visningen', ['scam:betala innan visning']],
    ['Vi använder escrow för säkerhets skull', ['scam:escrow']],
    ['Skriv på WhatsApp istället', ['scam:WhatsApp']],
    ['Swisha förskott till 070 123 45 67 eller maila bil@example.se', ['phone', 'email', 'scam:förskott']],
  ])('flags %j', (text, flags) => {
    expect(messageFlags(text)).toEqual(flags);
  });

  it.each([
    'Hej! Finns bilen kvar?',
    'Kan jag komma och titta på lördag kl 14:00?',
    'Priset är 85 000 kr, går det att pruta till 80000?',
    'Den har gått 12 300 mil och är besiktigad till maj 2027',
    'Regnumret är ABC 123, årsmodell 2015',
    'Har den dragkrok och motorvärmare?',
    'Motorn är en 2.0 TDI, 150 hk, och den drar 0,5 l/mil',
    'Kan du skicka fler bilder här i chatten?',
    'Servicebok finns, senaste service 2024-03-15',
    'Jag betalar med Swish när jag har sett bilen',
    'Omboxad ratt och nya däck',
    'Jag bor i Göteborg, 45 minuter bort',
  ])('does not flag %j', (text) => {
    expect(messageFlags(text)).toEqual([]);
  });

  it('names each flag in Swedish for the Kontrollpanel', () => {
    expect(['phone', 'email', 'link', 'scam:förskott'].map(messageFlagLabel)).toEqual([
      'Telefonnummer',
      'E-postadress',
      'Länk',
      'Bedrägeriord: förskott',
    ]);
  });
});
