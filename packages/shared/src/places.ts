// Sweden's 21 counties (län) and 290 municipalities (kommuner) with SCB's codes (decision 037). A kommun's code
// is four digits, the first two its county's. Names as SCB lists them: the town's name, without ' kommun'.

export interface Lan {
  /** Two digits, e.g. '14'. */
  code: string;
  /** The official name, e.g. 'Västra Götalands län'. */
  name: string;
  /** The name in running text and chips, e.g. 'Västra Götaland'. */
  shortName: string;
}

export interface Kommun {
  /** Four digits, e.g. '1480'. */
  code: string;
  /** e.g. 'Göteborg'. */
  name: string;
  /** The county's code: the first two digits of `code`. */
  lan: string;
}

const LAN_TABLE: readonly [string, string, string][] = [
  ['01', 'Stockholms län', 'Stockholm'],
  ['03', 'Uppsala län', 'Uppsala'],
  ['04', 'Södermanlands län', 'Södermanland'],
  ['05', 'Östergötlands län', 'Östergötland'],
  ['06', 'Jönköpings län', 'Jönköping'],
  ['07', 'Kronobergs län', 'Kronoberg'],
  ['08', 'Kalmar län', 'Kalmar'],
  ['09', 'Gotlands län', 'Gotland'],
  ['10', 'Blekinge län', 'Blekinge'],
  ['12', 'Skåne län', 'Skåne'],
  ['13', 'Hallands län', 'Halland'],
  ['14', 'Västra Götalands län', 'Västra Götaland'],
  ['17', 'Värmlands län', 'Värmland'],
  ['18', 'Örebro län', 'Örebro'],
  ['19', 'Västmanlands län', 'Västmanland'],
  ['20', 'Dalarnas län', 'Dalarna'],
  ['21', 'Gävleborgs län', 'Gävleborg'],
  ['22', 'Västernorrlands län', 'Västernorrland'],
  ['23', 'Jämtlands län', 'Jämtland'],
  ['24', 'Västerbottens län', 'Västerbotten'],
  ['25', 'Norrbottens län', 'Norrbotten'],
];

// code:name pairs separated by '|', one county a line, in code order.
const KOMMUN_TABLE = [
  '0114:Upplands Väsby|0115:Vallentuna|0117:Österåker|0120:Värmdö|0123:Järfälla|0125:Ekerö|0126:Huddinge|' +
    '0127:Botkyrka|0128:Salem|0136:Haninge|0138:Tyresö|0139:Upplands-Bro|0140:Nykvarn|0160:Täby|0162:Danderyd|' +
    '0163:Sollentuna|0180:Stockholm|0181:Södertälje|0182:Nacka|0183:Sundbyberg|0184:Solna|0186:Lidingö|' +
    '0187:Vaxholm|0188:Norrtälje|0191:Sigtuna|0192:Nynäshamn',
  '0305:Håbo|0319:Älvkarleby|0330:Knivsta|0331:Heby|0360:Tierp|0380:Uppsala|0381:Enköping|0382:Östhammar',
  '0428:Vingåker|0461:Gnesta|0480:Nyköping|0481:Oxelösund|0482:Flen|0483:Katrineholm|0484:Eskilstuna|' +
    '0486:Strängnäs|0488:Trosa',
  '0509:Ödeshög|0512:Ydre|0513:Kinda|0560:Boxholm|0561:Åtvidaberg|0562:Finspång|0563:Valdemarsvik|0580:Linköping|' +
    '0581:Norrköping|0582:Söderköping|0583:Motala|0584:Vadstena|0586:Mjölby',
  '0604:Aneby|0617:Gnosjö|0642:Mullsjö|0643:Habo|0662:Gislaved|0665:Vaggeryd|0680:Jönköping|0682:Nässjö|' +
    '0683:Värnamo|0684:Sävsjö|0685:Vetlanda|0686:Eksjö|0687:Tranås',
  '0760:Uppvidinge|0761:Lessebo|0763:Tingsryd|0764:Alvesta|0765:Älmhult|0767:Markaryd|0780:Växjö|0781:Ljungby',
  '0821:Högsby|0834:Torsås|0840:Mörbylånga|0860:Hultsfred|0861:Mönsterås|0862:Emmaboda|0880:Kalmar|0881:Nybro|' +
    '0882:Oskarshamn|0883:Västervik|0884:Vimmerby|0885:Borgholm',
  '0980:Gotland',
  '1060:Olofström|1080:Karlskrona|1081:Ronneby|1082:Karlshamn|1083:Sölvesborg',
  '1214:Svalöv|1230:Staffanstorp|1231:Burlöv|1233:Vellinge|1256:Östra Göinge|1257:Örkelljunga|1260:Bjuv|' +
    '1261:Kävlinge|1262:Lomma|1263:Svedala|1264:Skurup|1265:Sjöbo|1266:Hörby|1267:Höör|1270:Tomelilla|' +
    '1272:Bromölla|1273:Osby|1275:Perstorp|1276:Klippan|1277:Åstorp|1278:Båstad|1280:Malmö|1281:Lund|' +
    '1282:Landskrona|1283:Helsingborg|1284:Höganäs|1285:Eslöv|1286:Ystad|1287:Trelleborg|1290:Kristianstad|' +
    '1291:Simrishamn|1292:Ängelholm|1293:Hässleholm',
  '1315:Hylte|1380:Halmstad|1381:Laholm|1382:Falkenberg|1383:Varberg|1384:Kungsbacka',
  '1401:Härryda|1402:Partille|1407:Öckerö|1415:Stenungsund|1419:Tjörn|1421:Orust|1427:Sotenäs|1430:Munkedal|' +
    '1435:Tanum|1438:Dals-Ed|1439:Färgelanda|1440:Ale|1441:Lerum|1442:Vårgårda|1443:Bollebygd|1444:Grästorp|' +
    '1445:Essunga|1446:Karlsborg|1447:Gullspång|1452:Tranemo|1460:Bengtsfors|1461:Mellerud|1462:Lilla Edet|' +
    '1463:Mark|1465:Svenljunga|1466:Herrljunga|1470:Vara|1471:Götene|1472:Tibro|1473:Töreboda|1480:Göteborg|' +
    '1481:Mölndal|1482:Kungälv|1484:Lysekil|1485:Uddevalla|1486:Strömstad|1487:Vänersborg|1488:Trollhättan|' +
    '1489:Alingsås|1490:Borås|1491:Ulricehamn|1492:Åmål|1493:Mariestad|1494:Lidköping|1495:Skara|1496:Skövde|' +
    '1497:Hjo|1498:Tidaholm|1499:Falköping',
  '1715:Kil|1730:Eda|1737:Torsby|1760:Storfors|1761:Hammarö|1762:Munkfors|1763:Forshaga|1764:Grums|1765:Årjäng|' +
    '1766:Sunne|1780:Karlstad|1781:Kristinehamn|1782:Filipstad|1783:Hagfors|1784:Arvika|1785:Säffle',
  '1814:Lekeberg|1860:Laxå|1861:Hallsberg|1862:Degerfors|1863:Hällefors|1864:Ljusnarsberg|1880:Örebro|1881:Kumla|' +
    '1882:Askersund|1883:Karlskoga|1884:Nora|1885:Lindesberg',
  '1904:Skinnskatteberg|1907:Surahammar|1960:Kungsör|1961:Hallstahammar|1962:Norberg|1980:Västerås|1981:Sala|' +
    '1982:Fagersta|1983:Köping|1984:Arboga',
  '2021:Vansbro|2023:Malung-Sälen|2026:Gagnef|2029:Leksand|2031:Rättvik|2034:Orsa|2039:Älvdalen|' +
    '2061:Smedjebacken|2062:Mora|2080:Falun|2081:Borlänge|2082:Säter|2083:Hedemora|2084:Avesta|2085:Ludvika',
  '2101:Ockelbo|2104:Hofors|2121:Ovanåker|2132:Nordanstig|2161:Ljusdal|2180:Gävle|2181:Sandviken|2182:Söderhamn|' +
    '2183:Bollnäs|2184:Hudiksvall',
  '2260:Ånge|2262:Timrå|2280:Härnösand|2281:Sundsvall|2282:Kramfors|2283:Sollefteå|2284:Örnsköldsvik',
  '2303:Ragunda|2305:Bräcke|2309:Krokom|2313:Strömsund|2321:Åre|2326:Berg|2361:Härjedalen|2380:Östersund',
  '2401:Nordmaling|2403:Bjurholm|2404:Vindeln|2409:Robertsfors|2417:Norsjö|2418:Malå|2421:Storuman|2422:Sorsele|' +
    '2425:Dorotea|2460:Vännäs|2462:Vilhelmina|2463:Åsele|2480:Umeå|2481:Lycksele|2482:Skellefteå',
  '2505:Arvidsjaur|2506:Arjeplog|2510:Jokkmokk|2513:Överkalix|2514:Kalix|2518:Övertorneå|2521:Pajala|' +
    '2523:Gällivare|2560:Älvsbyn|2580:Luleå|2581:Piteå|2582:Boden|2583:Haparanda|2584:Kiruna',
];

/** The 21 counties in code order. */
export const LAN: readonly Lan[] = LAN_TABLE.map(([code, name, shortName]) => ({ code, name, shortName }));

/** The 290 municipalities in code order. */
export const KOMMUNER: readonly Kommun[] = KOMMUN_TABLE.flatMap((line) =>
  line.split('|').map((pair) => {
    const [code, name] = pair.split(':') as [string, string];
    return { code, name, lan: code.slice(0, 2) };
  }),
);

const lanByCode = new Map(LAN.map((l) => [l.code, l]));
const kommunByCode = new Map(KOMMUNER.map((k) => [k.code, k]));

/** The kommuner in alphabetical order (Swedish collation: å, ä, ö last), as the place choice lists them. */
export const KOMMUNER_BY_NAME: readonly Kommun[] = [...KOMMUNER].sort((a, b) => a.name.localeCompare(b.name, 'sv'));

export const findLan = (code: string): Lan | undefined => lanByCode.get(code);
export const findKommun = (code: string): Kommun | undefined => kommunByCode.get(code);

const placeKey = (text: string) => text.trim().toLocaleLowerCase('sv-SE').replace(/\s+/g, ' ');
const kommunByKey = new Map(KOMMUNER.map((k) => [placeKey(k.name), k]));

/**
 * The kommun a free-text place names ('Göteborg', 'göteborgs kommun', 'Region Gotland'), or undefined: how a
 * seller's registered city prefills the new-ad form.
 */
export function kommunNamed(text: string): Kommun | undefined {
  const key = placeKey(text).replace(/^region /, '');
  const bare = key.replace(/ kommun$/, '');
  // 'Mönsterås kommun' keeps its s; 'Göteborgs kommun' loses the genitive one.
  return kommunByKey.get(key) ?? kommunByKey.get(bare) ?? kommunByKey.get(bare.replace(/s$/, ''));
}

/** The place an ad shows: its kommun's name, or the specification's 'Stockholm' for an ad posted without one. */
export function placeName(kommun: string | null | undefined, fallback: string): string {
  return (kommun && kommunByCode.get(kommun)?.name) || fallback;
}

/**
 * The place filter of a page's URL: known codes only, and the kommun only when it lies in the county (the screens
 * drop what the list API would refuse).
 */
export function readPlaceFilter(
  lan: string | null | undefined,
  kommun: string | null | undefined,
): { lan?: string; kommun?: string } {
  const place: { lan?: string; kommun?: string } = {};
  const l = lan?.trim() ?? '';
  const k = findKommun(kommun?.trim() ?? '');
  if (findLan(l)) place.lan = l;
  if (k && (!place.lan || k.lan === place.lan)) place.kommun = k.code;
  return place;
}

/** Messages of the place fields (the form, the server and the list filters). */
export const PLACE_MESSAGES = {
  kommun: 'Välj en kommun i listan',
  lan: 'Välj ett län i listan',
} as const;
