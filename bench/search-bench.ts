// Search at scale: seeds N pages (default 100,000) of ~2 KB mixed Japanese/English text into a
// temporary SQLite file and a temporary MariaDB/MySQL database, indexes them with the bulk path
// (SearchIndexService.rebuild), then times writes of each kind through the incremental path and
// searches (p50/p90 of RUNS runs, limit 20), checks each single-term total against a plain
// INSTR scan, and prints the index size. Both databases are dropped afterwards.
//   tsc -p tsconfig.json --outDir /tmp/kb-bench; NODE_PATH=$PWD/node_modules node /tmp/kb-bench/bench/search-bench.js [pages] [sqlite,mysql]
import type { EntityManager } from 'typeorm';
import { normalizeForSearch, splitSearchTerms } from '../src/content/search-text';
import { parseDatabaseUrl } from '../src/database/data-source';
import { UnitOfWork } from '../src/database/unit-of-work';
import type { SearchTexts } from '../src/search/search-index';
import { DisplayOrder } from '../src/order/display-order.service';
import { LiveBlocksRepository } from '../src/order/live-blocks.repository';
import { SearchIndexService } from '../src/search/search-index.service';
import { SearchMatcher } from '../src/search/search-matcher';
import { SearchPagesRepository } from '../src/search/search-pages.repository';
import { SearchRanking } from '../src/search/search-rank';
import { SearchService } from '../src/search/search.service';
import { SearchRepository } from '../src/search/search.repository';
import { createTestDatabase, type Backend } from '../test/support/databases';

const PAGES = Number(process.argv[2] ?? 100_000);
const BACKENDS = (process.argv[3] ?? 'sqlite,mysql').split(',') as Backend[];
const RUNS = 20;
const BASE = 'benchbase';

// ---- corpus: Zipf-distributed words, seeded ----
let seed = 12345;
function rand(): number {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)];
/** Rank r of n with probability ~ 1/r. */
const zipf = (n: number): number => Math.min(n - 1, Math.floor(Math.exp(rand() * Math.log(n + 1))) - 1);

const syllables = ['ka', 'to', 're', 'mi', 'son', 'ing', 'ter', 'al', 'ex', 'pro', 'con', 'ment', 'ly', 'de', 'sta', 'tion', 'ver', 'un', 'com', 'ble'];
const english = ['the', 'of', 'and', 'to', 'in', 'is', 'for', 'on', 'with', 'system', 'data', 'user', 'page', 'server', 'file', 'install',
  'configuration', 'network', 'update', 'search', 'index', 'guide', 'error', 'release', 'version', 'service', 'client', 'API', 'Docker', 'Linux'];
while (english.length < 20000) english.push(Array.from({ length: 2 + Math.floor(rand() * 3) }, () => pick(syllables)).join(''));
const kanji = [...'日本語情報検索設定管理画面表示機能開発環境構築運用保守利用登録削除変更確認実行処理結果記事文書作成編集公開権限会社部門担当業務報告資料会議予定時間方法問題解決対応手順説明入力出力'];
const katakana = ['システム', 'データベース', 'サーバー', 'ユーザー', 'ファイル', 'ネットワーク', 'アプリ', 'ページ', 'エラー', 'バージョン', 'クラウド', 'セキュリティ'];
const japanese = ['設定', ...katakana];
while (japanese.length < 20000) japanese.push(Array.from({ length: 2 + Math.floor(rand() * 2) }, () => pick(kanji)).join(''));
const particles = ['の', 'は', 'が', 'を', 'に', 'で', 'と', 'について', 'します', 'です', 'ます', 'こと', 'ため', 'から'];

function pageText(): { title: string; body: string } {
  const parts: string[] = [];
  let bytes = 0;
  while (bytes < 2000) {
    let sentence: string;
    if (rand() < 0.5) sentence = Array.from({ length: 8 + zipf(10) }, () => english[zipf(english.length)]).join(' ') + '. ';
    else sentence = Array.from({ length: 4 + zipf(6) }, () => japanese[zipf(japanese.length)] + pick(particles)).join('') + '。';
    // Rare terms: each in about 0.1-0.2 % of the pages.
    if (rand() < 0.0001) sentence += ' xylophone ';
    if (rand() < 0.00008) sentence += '鬱';
    if (rand() < 0.0001) sentence += '麒麟が';
    if (rand() < 0.0001) sentence += '量子暗号の';
    if (rand() < 0.0001) sentence += 'ログイン画面で';
    parts.push(sentence);
    bytes += Buffer.byteLength(sentence);
  }
  const title = rand() < 0.5 ? `${english[zipf(300)]} ${english[zipf(2000)]}` : `${japanese[zipf(300)]}の${japanese[zipf(3000)]}`;
  return { title, body: parts.join('') };
}

// ---- helpers ----
const quantile = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))];
const ms = (n: number) => n.toFixed(n < 10 ? 2 : 1);
async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const result = await work();
  return [result, performance.now() - start];
}

const queries: [string, string][] = [
  ['English rare (xylophone)', 'xylophone'], ['English common (system)', 'system'], ['English common substring (ion)', 'ion'],
  ['ja 1 char rare (鬱)', '鬱'], ['ja 1 char common (の)', 'の'], ['ja 2 chars rare (麒麟)', '麒麟'], ['ja 2 chars common (設定)', '設定'],
  ['ja 4 chars rare (量子暗号)', '量子暗号'], ['ja 4 chars common (システム)', 'システム'],
  ['ja mixed classes rare (ログイン画面)', 'ログイン画面'], ['ja mixed classes common (の設定)', 'の設定'], ['ja mixed classes (システムの設定)', 'システムの設定'],
  ['two terms (system 設定)', 'system 設定'], ['no hit (zqxjvw)', 'zqxjvw'],
];

async function seed_(db: UnitOfWork): Promise<void> {
  await db.write((tx) => tx.query("INSERT INTO bases (base_id, description, view_mode, live_pages, outline_version, created_at) VALUES (?, '', 'O', ?, 0, ?)",
    [BASE, PAGES, new Date(0).toISOString()]));
  const start = Date.parse('2025-01-01T00:00:00.000Z');
  for (let from = 1; from <= PAGES; from += 250) {
    const ids = Array.from({ length: Math.min(250, PAGES - from + 1) }, (_, i) => from + i);
    const texts = ids.map(() => pageText());
    await db.write(async (tx) => {
      await tx.query(`INSERT INTO pages (page_id, base_id, content_id, pos, level, status, title, type, lang, created_at, updated_at) VALUES
        ${ids.map(() => "(?, ?, ?, ?, 0, 'A', ?, 'T', 'ja', ?, ?)").join(', ')}`,
      ids.flatMap((id, i) => {
        const at = new Date(start + ((id * 7919) % PAGES) * 1000).toISOString();
        return [id, BASE, id.toString(36).padStart(6, '0'), id - 1, texts[i].title.slice(0, 255), at, at];
      }));
      await tx.query(`INSERT INTO page_texts (page_id, body, body_html, search_title, search_body) VALUES ${ids.map(() => '(?, ?, NULL, ?, ?)').join(', ')}`,
        ids.flatMap((id, i) => [id, texts[i].body, normalizeForSearch(texts[i].title.slice(0, 255)), normalizeForSearch(texts[i].body)]));
      await new LiveBlocksRepository().rebuild(tx, BASE, from - 1);
    });
  }
}

async function indexSize(db: UnitOfWork): Promise<string> {
  if (db.dialect === 'sqlite') {
    const rows: { name: string; size: number }[] = await db.reader.query(
      "SELECT name, SUM(pgsize) AS size FROM dbstat WHERE name LIKE 'search_%' OR name LIKE 'sqlite_autoindex_search_%' OR name = 'pages_by_recency' GROUP BY name");
    const all: { size: number }[] = await db.reader.query('SELECT SUM(pgsize) AS size FROM dbstat');
    return `${rows.map((r) => `${r.name} ${(r.size / 2 ** 20).toFixed(1)}`).join(', ')} MiB (whole file ${(all[0].size / 2 ** 20).toFixed(0)} MiB)`;
  }
  for (const table of ['search_postings', 'search_words', 'pages', 'page_texts']) await db.reader.query(`ANALYZE TABLE ${table}`);
  const rows: { name: string; data: number; idx: number }[] = await db.reader.query(
    `SELECT table_name AS name, data_length AS data, index_length AS idx FROM information_schema.tables
     WHERE table_schema = DATABASE() AND table_name IN ('search_postings', 'search_words', 'search_pending', 'pages', 'page_texts')`);
  return rows.map((r) => `${r.name} ${((Number(r.data) + Number(r.idx)) / 2 ** 20).toFixed(1)}`).join(', ') + ' MiB (InnoDB data+index, pages includes pages_by_recency)';
}

/** The index's share of page writes through the incremental path, per kind of write (128 each: two merges). */
async function writeCosts(db: UnitOfWork, index: SearchIndexService): Promise<void> {
  const texts = async (tx: EntityManager, id: number): Promise<SearchTexts> => {
    const [row]: { search_title: string; search_body: string }[] = await tx.query('SELECT search_title, search_body FROM page_texts WHERE page_id = ?', [id]);
    return { searchTitle: row.search_title, searchBody: row.search_body };
  };
  const setText = (tx: EntityManager, id: number, t: SearchTexts) =>
    tx.query('UPDATE page_texts SET search_title = ?, search_body = ? WHERE page_id = ?', [t.searchTitle, t.searchBody, id]);
  const fresh = (): SearchTexts => {
    const { title, body } = pageText();
    return { searchTitle: normalizeForSearch(title), searchBody: normalizeForSearch(body) };
  };
  let nextId = PAGES + 1;
  const kinds: [string, (tx: EntityManager, i: number) => Promise<number>][] = [
    ['create', async (tx) => {
      const id = nextId++;
      const t = fresh();
      const at = new Date().toISOString();
      await tx.query(`INSERT INTO pages (page_id, base_id, content_id, pos, level, status, title, type, lang, created_at, updated_at)
        VALUES (?, ?, ?, ?, 0, 'A', ?, 'T', 'ja', ?, ?)`, [id, BASE, `n${id.toString(36)}`, id - 1, t.searchTitle.slice(0, 255), at, at]);
      await tx.query('INSERT INTO page_texts (page_id, body, body_html, search_title, search_body) VALUES (?, ?, NULL, ?, ?)', [id, t.searchBody, t.searchTitle, t.searchBody]);
      await new LiveBlocksRepository().setLive(tx, BASE, id - 1, true);
      return (await timed(() => index.pageTextsChanged(tx, { baseId: BASE, pageId: id }, t, null)))[1];
    }],
    ['small edit (a sentence appended)', async (tx, i) => {
      const id = 1 + ((i * 7919 + 17) % PAGES);
      const before = await texts(tx, id);
      const after = { ...before, searchBody: `${before.searchBody} ${normalizeForSearch(pageText().body.slice(0, 60))}` };
      await setText(tx, id, after);
      return (await timed(() => index.pageTextsChanged(tx, { baseId: BASE, pageId: id }, after, before)))[1];
    }],
    ['full rewrite (new title and body)', async (tx, i) => {
      const id = 1 + ((i * 104729 + 5) % PAGES);
      const before = await texts(tx, id);
      const after = fresh();
      await setText(tx, id, after);
      return (await timed(() => index.pageTextsChanged(tx, { baseId: BASE, pageId: id }, after, before)))[1];
    }],
    ['delete', async (tx, i) => {
      const id = 1 + ((i * 3571 + 11) % PAGES);
      const before = await texts(tx, id);
      await tx.query("UPDATE pages SET status = 'D' WHERE page_id = ?", [id]);
      return (await timed(() => index.pageDeleted(tx, { baseId: BASE, pageId: id }, before)))[1];
    }],
  ];
  console.log(`| write (index share; merge every ${index.mergeThreshold} writes) | p50 ms | p90 ms | max ms | mean ms |`);
  console.log('|---|---|---|---|---|');
  for (const [label, write] of kinds) {
    await db.write((tx) => index.merge(tx, BASE));
    const costs: number[] = [];
    for (let i = 0; i < 2 * index.mergeThreshold; i++) costs.push(await db.write((tx) => write(tx, i)));
    const mean = costs.reduce((a, b) => a + b, 0) / costs.length;
    console.log(`| ${label} | ${ms(quantile(costs, 0.5))} | ${ms(quantile(costs, 0.9))} | ${ms(Math.max(...costs))} | ${ms(mean)} |`);
  }
}

async function bench(backend: Backend): Promise<void> {
  const database = await createTestDatabase(backend);
  const db = await UnitOfWork.open(parseDatabaseUrl(database.url));
  try {
    const repo = new SearchRepository();
    const pages = new SearchPagesRepository();
    const index = new SearchIndexService(repo);
    const service = new SearchService(db, new SearchMatcher(repo), new SearchRanking(pages), pages, new DisplayOrder(new LiveBlocksRepository()));
    seed = 12345;
    const [, seedMs] = await timed(() => seed_(db));
    const [, rebuildMs] = await timed(() => db.write((tx) => index.rebuild(tx, BASE)));
    const counts: { n: number }[] = await db.reader.query('SELECT COUNT(*) AS n FROM search_postings WHERE base_id = ?', [BASE]);
    console.log(`\n## ${backend}: ${PAGES} pages seeded in ${(seedMs / 1000).toFixed(0)} s, bulk index (rebuild) ${(rebuildMs / 1000).toFixed(1)} s, ${counts[0].n} posting rows`);
    console.log(`index size: ${await indexSize(db)}`);
    const kinds: { kind: number; n: number; bytes: number }[] = await db.reader.query(
      `SELECT ${db.dialect === 'sqlite' ? 'CAST(skey / 8589934592 AS INTEGER)' : 'skey DIV 8589934592'} AS kind, COUNT(*) AS n, SUM(LENGTH(bits)) AS bytes
       FROM search_postings WHERE base_id = ? GROUP BY 1 ORDER BY 1`, [BASE]);
    const kindNames = ['all', 'characters', 'pairs of characters', 'words', 'pairs of characters of words'];
    console.log(`posting rows by key kind: ${kinds.map((k) => `${kindNames[Number(k.kind)]} ${k.n} rows / ${(Number(k.bytes) / 2 ** 20).toFixed(1)} MiB`).join(', ')}`);
    const words: { n: number }[] = await db.reader.query('SELECT COUNT(*) AS n FROM search_words WHERE base_id = ?', [BASE]);
    console.log(`words: ${words[0].n}`);

    await writeCosts(db, index);

    console.log('| query | hits | p50 ms | p90 ms | scan check |');
    console.log('|---|---|---|---|---|');
    for (const [label, q] of queries) {
      const times: number[] = [];
      let total = 0;
      for (let run = 0; run < RUNS + 2; run++) {
        const [result, t] = await timed(() => service.search(db.reader, BASE, q, { limit: 20 }));
        if (run >= 2) times.push(t);
        total = result.total;
      }
      const terms = splitSearchTerms(q);
      const where = terms.map(() => '(INSTR(t.search_title, ?) > 0 OR INSTR(t.search_body, ?) > 0)').join(' AND ');
      const scan: { n: number }[] = await db.reader.query(
        `SELECT COUNT(*) AS n FROM pages p JOIN page_texts t ON t.page_id = p.page_id WHERE p.base_id = ? AND p.status = 'A' AND ${where}`,
        [BASE, ...terms.flatMap((term) => [term, term])]);
      console.log(`| ${label} | ${total} | ${ms(quantile(times, 0.5))} | ${ms(quantile(times, 0.9))} | ${Number(scan[0].n) === total ? 'equal' : `DIFFERS: ${scan[0].n}`} |`);
    }
  } finally {
    await db.close();
    await database.drop();
  }
}

void (async () => {
  for (const backend of BACKENDS) await bench(backend);
})();
