import { useDocumentTitle } from '../../../lib/use-document-title.ts';

/** /sa-bedomer-vi-priset: how the fair-price judgement is made, in plain Swedish (decision 038). */
export function PriceMethodPage() {
  useDocumentTitle('Så bedömer vi priset');
  return (
    <article className="price-method">
      <h1>Så bedömer vi priset</h1>
      <p>
        Vi jämför bilens pris med liknande bilar som är till salu på Bilmarknaden just nu. Bedömningen är ett stöd, inte
        en värdering: vi ser inte bilens skick, utrustning eller servicehistorik.
      </p>
      <h2>Vilka bilar räknas som liknande?</h2>
      <ul>
        <li>Samma märke och modell.</li>
        <li>Årsmodell högst två år äldre eller nyare.</li>
        <li>Ungefär samma miltal: samma intervall på 2 500 mil eller intervallet närmast över eller under.</li>
        <li>Bara annonser som är till salu. Sålda och borttagna annonser räknas inte.</li>
      </ul>
      <h2>Så räknar vi</h2>
      <p>
        Bilar blir mindre värda med åldern och med körda mil. Därför räknar vi först om varje liknande bils pris till
        samma årsmodell och miltal som bilen i annonsen: en årsmodell nyare räknas som 8 procent mer värd, och varje 1
        000 mil (10 000 km) fler räknas som 3 procent mindre värd.
      </p>
      <p>
        Sedan ordnar vi de omräknade priserna från lägst till högst och visar den mittersta hälften som ”Liknande
        bilar”: från priset där en fjärdedel av bilarna är billigare till priset där en fjärdedel är dyrare. Gränserna
        avrundas till hela tusental kronor.
      </p>
      <h2>Vad betyder orden?</h2>
      <dl>
        <dt>Bra pris</dt>
        <dd>Priset är lägre än den mittersta hälften av liknande bilar.</dd>
        <dt>Normalt pris</dt>
        <dd>Priset ligger inom den mittersta hälften.</dd>
        <dt>Högt pris</dt>
        <dd>Priset är högre än den mittersta hälften.</dd>
      </dl>
      <h2>När bedömer vi inte priset?</h2>
      <p>
        Vi behöver minst 8 liknande bilar till salu. Finns det färre skriver vi ”För få liknande bilar för att bedöma
        priset” i stället för att gissa.
      </p>
      <h2>När ändras bedömningen?</h2>
      <p>
        Direkt när en annons läggs in, ändras, markeras som såld eller tas bort. Samma jämförelse visas för säljaren
        medan annonsen skrivs, när märke, modell, årsmodell och miltal är ifyllda.
      </p>
    </article>
  );
}
