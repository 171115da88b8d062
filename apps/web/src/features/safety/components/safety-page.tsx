import { useDocumentTitle } from '../../../lib/use-document-title.ts';

/** /sakerhet: how to buy and sell a car safely, linked from the warning above a flagged message (issue #42). */
export function SafetyPage() {
  useDocumentTitle('Köp och sälj tryggt');
  return (
    <article className="safety">
      <h1>Köp och sälj tryggt</h1>
      <p>
        De flesta affärer på Bilmarknaden går bra. Bedragare använder ändå samma knep om och om igen. Känner du igen
        något av det här: avbryt kontakten och anmäl konversationen med ”Anmäl”.
      </p>
      <h2>Håll kontakten här</h2>
      <ul>
        <li>
          Skriv med varandra på Bilmarknaden. En säljare som vill flytta samtalet till sms, e-post eller WhatsApp vill
          ofta komma undan vår granskning.
        </li>
        <li>Klicka inte på länkar till betalsidor, ”fraktbolag” eller ”förmedlare” som du får i ett meddelande.</li>
      </ul>
      <h2>Betala aldrig i förskott</h2>
      <ul>
        <li>Se bilen och provkör den innan du betalar något, inte heller en ”deposition” eller en ”bokningsavgift”.</li>
        <li>
          Ingen seriös säljare skickar en bil med frakt från utlandet mot betalning i förväg, eller låter ett ”ombud” ta
          betalt åt sig.
        </li>
        <li>Betala aldrig med Western Union, MoneyGram, presentkort eller kryptovaluta.</li>
        <li>Betala när ni ses och ägarbytet görs, till exempel med Swish eller banköverföring som syns direkt.</li>
      </ul>
      <h2>Kontrollera bilen och säljaren</h2>
      <ul>
        <li>Jämför registreringsnumret i annonsen med bilens skyltar och registreringsbevis.</li>
        <li>Be att få se legitimation och kontrollera att säljaren är bilens ägare.</li>
        <li>Ett pris långt under liknande bilar är en varningssignal.</li>
      </ul>
      <h2>Om något har hänt</h2>
      <p>
        Anmäl konversationen eller användaren här på Bilmarknaden så tittar våra moderatorer på det. Har du betalat till
        en bedragare: kontakta din bank direkt och polisanmäl på telefon 114 14.
      </p>
    </article>
  );
}
