// A generated pharmindex catalogue for the medication-search benchmark: ~150,000 articles
// (packs) of ~50,000 products over 200 substances, with prices, pictures and products, built
// inside the database with generate_series (a few seconds), plus the search terms a patient
// would type. Deterministic: the same catalogue and the same terms on every run.

/** German INNs, upper case as in dscrd. Earlier ones get more articles (popular substances). */
export const SUBSTANCES = [
  'ATORVASTATIN', 'AMLODIPIN', 'METFORMIN', 'PANTOPRAZOL', 'IBUPROFEN', 'PARACETAMOL', 'LEVOTHYROXIN', 'BISOPROLOL',
  'RAMIPRIL', 'LOSARTAN', 'VALSARTAN', 'SIMVASTATIN', 'ROSUVASTATIN', 'METOPROLOL', 'TORASEMID', 'CLOPIDOGREL',
  'ESOMEPRAZOL', 'OMEPRAZOL', 'DICLOFENAC', 'SERTRALIN', 'ESCITALOPRAM', 'CITALOPRAM', 'ZOLPIDEM', 'AMOXICILLIN',
  'LISINOPRIL', 'CANDESARTAN', 'LERCANIDIPIN', 'TAMSULOSIN', 'FINASTERID', 'ALLOPURINOL', 'APIXABAN', 'RIVAROXABAN',
  'DABIGATRAN', 'EDOXABAN', 'ACETYLSALICYLSAEURE', 'MACROGOL', 'MAGNESIUM', 'COLECALCIFEROL', 'QUETIAPIN', 'MIRTAZAPIN',
  'VENLAFAXIN', 'DULOXETIN', 'PREGABALIN', 'GABAPENTIN', 'TRAMADOL', 'TAPENTADOL', 'OXYCODON', 'HYDROMORPHON',
  'MORPHIN', 'METAMIZOL', 'MEFENAMINSAEURE', 'NAPROXEN', 'ETORICOXIB', 'CELECOXIB', 'PREDNISON', 'PREDNISOLON',
  'METHYLPREDNISOLON', 'DEXAMETHASON', 'HYDROCORTISON', 'BUDESONID', 'FLUTICASON', 'SALBUTAMOL', 'FORMOTEROL', 'TIOTROPIUM',
  'MONTELUKAST', 'CETIRIZIN', 'LEVOCETIRIZIN', 'LORATADIN', 'DESLORATADIN', 'FEXOFENADIN', 'BILASTIN', 'AZITHROMYCIN',
  'CLARITHROMYCIN', 'DOXYCYCLIN', 'CIPROFLOXACIN', 'LEVOFLOXACIN', 'CEFUROXIM', 'CEFPODOXIM', 'NITROFURANTOIN', 'FOSFOMYCIN',
  'COTRIMOXAZOL', 'METRONIDAZOL', 'FLUCONAZOL', 'ACICLOVIR', 'VALACICLOVIR', 'OSELTAMIVIR', 'HYDROCHLOROTHIAZID', 'CHLORTALIDON',
  'INDAPAMID', 'SPIRONOLACTON', 'EPLERENON', 'FUROSEMID', 'NEBIVOLOL', 'CARVEDILOL', 'PROPRANOLOL', 'ATENOLOL',
  'NIFEDIPIN', 'DILTIAZEM', 'VERAPAMIL', 'PERINDOPRIL', 'ENALAPRIL', 'TELMISARTAN', 'IRBESARTAN', 'OLMESARTAN',
  'SACUBITRIL', 'DIGOXIN', 'AMIODARON', 'FLECAINID', 'ISOSORBID', 'NITROGLYCERIN', 'EZETIMIB', 'FENOFIBRAT',
  'PRAVASTATIN', 'FLUVASTATIN', 'SITAGLIPTIN', 'VILDAGLIPTIN', 'LINAGLIPTIN', 'EMPAGLIFLOZIN', 'DAPAGLIFLOZIN', 'GLICLAZID',
  'GLIMEPIRID', 'PIOGLITAZON', 'INSULIN', 'LIRAGLUTID', 'SEMAGLUTID', 'DULAGLUTID', 'ALENDRONAT', 'RISEDRONAT',
  'IBANDRONAT', 'DENOSUMAB', 'CALCITRIOL', 'CALCIUM', 'EISEN', 'FOLSAEURE', 'CYANOCOBALAMIN', 'KALIUMCHLORID',
  'LEVODOPA', 'PRAMIPEXOL', 'ROPINIROL', 'RASAGILIN', 'DONEPEZIL', 'RIVASTIGMIN', 'MEMANTIN', 'LAMOTRIGIN',
  'LEVETIRACETAM', 'VALPROINSAEURE', 'CARBAMAZEPIN', 'OXCARBAZEPIN', 'TOPIRAMAT', 'LACOSAMID', 'CLONAZEPAM', 'LORAZEPAM',
  'OXAZEPAM', 'DIAZEPAM', 'ALPRAZOLAM', 'MIDAZOLAM', 'ZOPICLON', 'TRAZODON', 'AMITRIPTYLIN', 'TRIMIPRAMIN',
  'PAROXETIN', 'FLUOXETIN', 'BUPROPION', 'AGOMELATIN', 'VORTIOXETIN', 'ARIPIPRAZOL', 'OLANZAPIN', 'RISPERIDON',
  'PALIPERIDON', 'HALOPERIDOL', 'CLOZAPIN', 'LITHIUM', 'METHYLPHENIDAT', 'ATOMOXETIN', 'SUMATRIPTAN', 'RIZATRIPTAN',
  'ZOLMITRIPTAN', 'ELETRIPTAN', 'DOMPERIDON', 'METOCLOPRAMID', 'ONDANSETRON', 'LOPERAMID', 'MESALAZIN', 'URSODEOXYCHOLSAEURE',
  'LACTULOSE', 'BISACODYL', 'NATRIUMPICOSULFAT', 'SIMETICON', 'RANITIDIN', 'FAMOTIDIN', 'SUCRALFAT', 'TOLTERODIN',
  'SOLIFENACIN', 'MIRABEGRON', 'SILDENAFIL', 'TADALAFIL', 'DUTASTERID', 'ESTRADIOL', 'PROGESTERON', 'DESOGESTREL',
  'LEVONORGESTREL', 'DROSPIRENON', 'TAMOXIFEN', 'LETROZOL', 'ANASTROZOL', 'METHOTREXAT', 'HYDROXYCHLOROQUIN', 'AZATHIOPRIN',
] as const;

/** Generic makers (index 0 = the original under its brand name); Actavis packs are out of trade. */
export const MAKERS = [
  null, 'Mepha', 'Sandoz', 'Spirig HC', 'Helvepharm', 'Streuli', 'Axapharm', 'Zentiva', 'Teva', 'Actavis',
  'Viatris', 'Xiromed', 'Labatec', 'Drossapharm', 'Pfizer', 'Novartis', 'Roche', 'Sanofi', 'Bayer', 'Zeller',
] as const;

export const FORMS = ['Filmtabl', 'Tabl', 'Kaps', 'Ret Tabl', 'Tabl magensaftres', 'Brausetabl', 'Schmelztabl', 'Trinklös', 'Inj Lös', 'Supp'] as const;
const FORMS_FR = ['cpr pell', 'cpr', 'caps', 'cpr ret', 'cpr gastrorés', 'cpr eff', 'cpr orodisp', 'sol orale', 'sol inj', 'supp'];
const DOSES = ['1', '2.5', '5', '10', '20', '25', '40', '50', '75', '80', '100', '150', '200', '250', '400', '500', '600', '850', '1000'];
const DOSEUS = ['mg', 'mg', 'mg', 'mg', 'mg', 'mg', 'mg', 'mcg', 'mg/ml', 'IE'];
const PACKS = [10, 14, 20, 28, 30, 50, 56, 60, 90, 98, 100];
const BRAND_SUFFIX = ['VASC', 'CARD', 'LIP', 'MED', 'ON', 'AN', 'OL', 'IX', 'AMIN', 'DOLOR', 'PRESS', 'FORTE'];

/** Articles are 20,000,000 + i, products 2,000,000 + p: far from the seed's pharmacodes and prdnos. */
export const PHARMACODE_BASE = 20_000_000;

/**
 * SQL that inserts `articles` packs (3 per product) with product, price and (for ~60 %) picture rows.
 * Pseudo-random but deterministic (hashint4). Substances are skewed (u^2): the first ones get many
 * more articles, as atorvastatin has many more generics than azathioprin.
 * ~10 % out of trade (nincd 99: all Actavis packs and 5 % of the others), ~20 % nincd 20, 3 % of
 * the products without dose, a few packs with qty 0 or no qtyu (the generics variant drops them).
 */
export function catalogueSql(articles: number): string {
  const arr = (xs: readonly (string | number | null)[]) =>
    `array[${xs.map((x) => (x === null ? 'null' : typeof x === 'number' ? String(x) : `'${x.replace(/'/g, "''")}'`)).join(',')}]`;
  const products = Math.ceil(articles / 3);
  const h = (expr: string, n: number) => `(abs(hashint4(${expr})) % ${n})`;
  return `
create temp table bench_product on commit drop as
with c as (
  select ${arr(SUBSTANCES)}::text[] as subst, ${arr(MAKERS)}::text[] as makers,
         ${arr(FORMS)}::text[] as forms, ${arr(FORMS_FR)}::text[] as forms_fr,
         ${arr(DOSES)}::text[] as doses, ${arr(DOSEUS)}::text[] as doseus, ${arr(BRAND_SUFFIX)}::text[] as suffixes
), p as (
  select g as p,
         1 + floor(${SUBSTANCES.length} * power(${h('g * 7 + 1', 1_000_000)} / 1000000.0, 2))::int as si,
         1 + ${h('g * 7 + 2', MAKERS.length)} as mi,
         1 + ${h('g * 7 + 3', FORMS.length)} as fi,
         1 + ${h('g * 7 + 4', DOSES.length)} as di,
         1 + ${h('g * 7 + 5', DOSEUS.length)} as ui,
         ${h('g * 7 + 6', 100)} as r
    from generate_series(0, ${products - 1}) g
)
select p.p, 2000000 + p.p as prdno, c.subst[p.si] as inn, c.makers[p.mi] as maker,
       case when c.makers[p.mi] is null
            then substr(c.subst[p.si], 1, 4 + p.si % 3) || c.suffixes[1 + p.si % ${BRAND_SUFFIX.length}]
            else c.subst[p.si] || ' ' || c.makers[p.mi] end as name,
       c.forms[p.fi] as form, c.forms_fr[p.fi] as form_fr,
       case when p.r < 3 then null else c.doses[p.di] end as dose,
       case when p.r < 3 then null else c.doseus[p.ui] end as doseu,
       'A' || lpad(p.si::text, 3, '0') || 'X' || lpad((p.si % 99)::text, 2, '0') as atc,
       p.r
  from p cross join c;

insert into public.pharmindex_product (prdno, dscrd, dscrf, dose, doseu, galenic_form)
select prdno, concat_ws(' ', name, form, dose, doseu), concat_ws(' ', name, form_fr, dose, doseu), dose, doseu, form
  from bench_product;

create temp table bench_article on commit drop as
select ${PHARMACODE_BASE} + (b.p * 3 + k) as pharmacode, b.*, k,
       ${arr(PACKS)}::int[] as packs,
       ${h(`(b.p * 3 + k) * 5 + 1`, PACKS.length)} as pk,
       ${h(`(b.p * 3 + k) * 5 + 2`, 1000)} as q
  from bench_product b cross join generate_series(0, 2) k
 where b.p * 3 + k < ${articles};

insert into public.pharmindex (pharmacode, prdno, dscrd, dscrf, nincd, qty, qtyu, sloplus, atc, substance, gencd)
select pharmacode, prdno,
       concat_ws(' ', name, form, dose, doseu, packs[1 + pk], 'Stk'),
       concat_ws(' ', name, form_fr, dose, doseu, packs[1 + pk], 'pce'),
       case when maker = 'Actavis' or q < 50 then 99 when q < 250 then 20 else 10 end,
       case when q between 990 and 994 then 0 else packs[1 + pk] end,
       case when q >= 995 then null else 'Stk' end,
       case when maker is null then (q % 3) end, atc, initcap(inn),
       case when maker is null then 'O' else 'G' end
  from bench_article;

insert into public.pharmindex_prices (pharmacode, price)
select pharmacode, (3 + (q * 7919 % 25000) / 100.0)::numeric(10, 2) from bench_article;

insert into public.pharmindex_images (pharmacode, picfront, picfront3d)
select pharmacode, pharmacode || '_PICFRONT.JPG', case when maker is null then pharmacode || '_PICFRONT3D.JPG' end
  from bench_article where q % 10 < 6;
`;
}

/** mulberry32: a small seeded PRNG, so the terms are the same on every run */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface SearchTerm {
  term: string;
  kind: 'prefix' | 'prefix+maker' | 'prefix+dose' | 'three words' | 'brand' | 'no match';
}

/**
 * `count` terms as a patient types them (lower case, 5+ characters): a substance prefix, a prefix
 * and a maker, a prefix and a strength ("metfor 850", "atorva 20 mg"), three words, a brand-name
 * prefix, and terms that match nothing (the worst case for an ordered scan).
 */
export function searchTerms(count: number, seed = 20261121): SearchTerm[] {
  const rnd = prng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  // substances skewed like the catalogue, so popular ones are searched more often
  const substance = () => SUBSTANCES[Math.floor(SUBSTANCES.length * rnd() * rnd())]!;
  const prefix = (word: string, min = 5) => word.slice(0, Math.min(word.length, min + Math.floor(rnd() * (word.length - min + 1)))).toLowerCase();
  const makers = MAKERS.filter((m): m is NonNullable<typeof m> => m !== null);
  const out: SearchTerm[] = [];
  const seen = new Set<string>();
  while (out.length < count) {
    const x = rnd();
    let t: SearchTerm;
    if (x < 0.45) t = { term: prefix(substance()), kind: 'prefix' };
    else if (x < 0.6) t = { term: `${prefix(substance())} ${prefix(pick(makers), 3)}`, kind: 'prefix+maker' };
    else if (x < 0.75) t = { term: `${prefix(substance())} ${pick(DOSES)}${rnd() < 0.5 ? ' mg' : ''}`, kind: 'prefix+dose' };
    else if (x < 0.82) t = { term: `${prefix(substance())} ${prefix(pick(makers), 3)} ${pick(DOSES)}`, kind: 'three words' };
    else if (x < 0.94) {
      const si = SUBSTANCES.indexOf(substance()) + 1;
      const brand = SUBSTANCES[si - 1]!.slice(0, 4 + (si % 3)) + BRAND_SUFFIX[si % BRAND_SUFFIX.length]!;
      t = { term: prefix(brand), kind: 'brand' };
    } else {
      t = { term: pick(['xylofa', 'qwertz', 'zzzzzz', 'atorvx', 'paracetamolx', 'ibuprofen xyz', 'metformin 9999', 'yyyyy mepha', 'wundsalbe', 'kopfweh']), kind: 'no match' };
    }
    if (seen.has(t.term)) continue;
    seen.add(t.term);
    out.push(t);
  }
  return out;
}

/** Spec §7 pattern: prefix on dscrd, spaces as wildcards (LIKE metacharacters escaped). */
export function ilikePattern(term: string): string {
  const words = term.trim().replace(/\s+/g, ' ');
  return `${words.replace(/[\\%_]/g, (c) => `\\${c}`).replace(/ /g, '%')}%`;
}
