// Deterministic benchmark pages: mixed Japanese/English Markdown and HTML bodies of about 2 KB in a
// realistic outline (levels 0..4, parents before children). The same seed gives the same pages, so
// runs compare. Word frequencies follow a Zipf curve, so the top words hit most pages; the rare
// words below are planted in about 0.5% of pages each, so searches for them hit under 1%.
import type { ContentType, Lang } from '../src/vocabulary';

export interface BenchPage {
  title: string;
  body: string;
  type: ContentType;
  lang: Lang;
  level: number;
}

/** The search terms the benchmark asks for, named by what they exercise. */
export const searchTerms = {
  rareEnglish: 'zeppelin',
  commonEnglish: 'server',
  rareJapanese1: '鰻',
  commonJapanese1: '設',
  rareJapanese2: '蒟蒻',
  commonJapanese2: '設定',
  rareJapanese4: '量子暗号',
  commonJapanese4: 'サーバー',
  twoTerms: 'server 設定',
  noHit: 'xylophonequartz',
} as const;

const RARE_SHARE = 0.005;
const rareWords = [searchTerms.rareEnglish, 'marmalade', 'quasar', 'tamarind', 'obelisk'];
const rareJapaneseWords = [searchTerms.rareJapanese1, searchTerms.rareJapanese2, searchTerms.rareJapanese4, '琥珀'];
const TARGET_BYTES = 2048;
const MAX_LEVEL = 4;

/** mulberry32: a small, fast, seeded generator of floats in [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Picks from `words` with Zipf weights: the first word is the most frequent. */
function zipf(words: readonly string[]): (random: () => number) => string {
  const cumulative: number[] = [];
  let total = 0;
  words.forEach((_, rank) => cumulative.push((total += 1 / (rank + 1))));
  return (random) => {
    const x = random() * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    return words[lo];
  };
}

const englishWord = zipf(
  `the server page config user token search cache request database index file data client update
  install version error setting access option default service query level title body list build
  deploy network memory backup schedule release storage migration session account admin console
  report metric alert timeout proxy route handler worker queue event message stream buffer schema
  column table record field value key secret policy role member owner editor reader draft archive
  template theme layout header footer sidebar widget plugin extension module package library
  framework runtime container cluster node replica shard region zone domain certificate renewal
  webhook callback endpoint payload response status header encoding charset locale timezone
  calendar invoice billing payment refund customer vendor partner contract ticket incident outage
  postmortem runbook checklist onboarding handbook glossary faq changelog roadmap milestone sprint`
    .split(/\s+/),
);

const englishFiller = ['a', 'an', 'and', 'or', 'to', 'of', 'in', 'for', 'with', 'on', 'is', 'are', 'when', 'before', 'after'];

const japaneseNoun = zipf(
  `設定 サーバー 検索 利用者 画面 管理 手順 文書 一覧 権限 更新 作成 削除 確認 表示 変更 データベース
  ページ 項目 接続 認証 記事 保存 移行 障害 監視 通知 予定 担当者 会議 議事録 資料 報告 申請 承認
  経費 請求書 契約 顧客 製品 仕様 設計 開発 試験 リリース 運用 保守 問い合わせ 回答 目次 索引 履歴
  容量 性能 応答 速度 品質 安全 暗号 鍵 証明書 期限 環境 本番 検証 開発者 管理者 部署 研修 新人`
    .split(/\s+/),
);

const particles = ['は', 'が', 'を', 'に', 'で', 'の', 'と', 'から', 'まで'];
const endings = ['します。', 'できます。', 'してください。', 'です。', 'になります。', 'を確認します。', 'は不要です。'];

/** Generates `count` pages from `seed`; page i is always the same for the same seed. */
export function* generatePages(count: number, seed = 42): Generator<BenchPage> {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
  let level = 0;

  const englishSentence = (): string => {
    const words: string[] = [];
    const length = 6 + Math.floor(random() * 10);
    for (let i = 0; i < length; i++) words.push(random() < 0.3 ? pick(englishFiller) : englishWord(random));
    const text = words.join(' ');
    return text[0].toUpperCase() + text.slice(1) + '.';
  };

  const japaneseSentence = (): string => {
    let text = '';
    const clauses = 2 + Math.floor(random() * 3);
    for (let i = 0; i < clauses; i++) {
      // Japanese technical writing keeps many English terms as they are.
      text += (random() < 0.25 ? englishWord(random) : japaneseNoun(random)) + pick(particles);
    }
    return text + japaneseNoun(random) + pick(endings);
  };

  for (let n = 0; n < count; n++) {
    const lang: Lang = random() < 0.5 ? 'ja' : 'en';
    const type: ContentType = random() < 0.65 ? 'M' : 'H';
    const sentence = lang === 'ja' ? japaneseSentence : englishSentence;
    const heading = () => (lang === 'ja' ? `${japaneseNoun(random)}の${japaneseNoun(random)}` : `${englishWord(random)} ${englishWord(random)}`);
    const title = lang === 'ja' ? `${heading()}について (${n + 1})` : `About ${heading()} (${n + 1})`;

    const rare = [...rareWords, ...rareJapaneseWords].filter(() => random() < RARE_SHARE);
    const paragraph = () => {
      const sentences = Array.from({ length: 2 + Math.floor(random() * 3) }, sentence);
      if (rare.length > 0 && random() < 0.5) sentences.push(`${rare.pop()} ${sentence()}`);
      return sentences.join(lang === 'ja' ? '' : ' ');
    };

    const blocks: string[] = [];
    let bytes = 0;
    while (bytes < TARGET_BYTES - 150 || rare.length > 0) {
      const block = type === 'M' ? markdownBlock(random, heading, paragraph) : htmlBlock(random, heading, paragraph);
      blocks.push(block);
      bytes += Buffer.byteLength(block) + 2;
    }
    const body = blocks.join(type === 'M' ? '\n\n' : '\n');

    level = n === 0 ? 0 : nextLevel(random, level);
    yield { title, body, type, lang, level };
  }
}

/** One step of a realistic outline: often a child, often a sibling, sometimes back up. */
function nextLevel(random: () => number, previous: number): number {
  const r = random();
  if (r < 0.35) return Math.min(previous + 1, MAX_LEVEL);
  if (r < 0.75 || previous === 0) return previous;
  return Math.floor(random() * previous);
}

function markdownBlock(random: () => number, heading: () => string, paragraph: () => string): string {
  const r = random();
  if (r < 0.15) return `## ${heading()}`;
  if (r < 0.3) return [1, 2, 3].map(() => `- ${heading()}: \`${heading().split(/\s|の/)[0]}\``).join('\n');
  if (r < 0.37) return `| key | value |\n| --- | --- |\n| ${heading()} | ${heading()} |`;
  if (r < 0.42) return '```\n$ kbp serve --port 8080\n```';
  return `${paragraph()} [docs](https://example.com/docs/${Math.floor(random() * 1000)})`;
}

function htmlBlock(random: () => number, heading: () => string, paragraph: () => string): string {
  const r = random();
  if (r < 0.15) return `<h2>${heading()}</h2>`;
  if (r < 0.3) return `<ul>${[1, 2, 3].map(() => `<li><strong>${heading()}</strong></li>`).join('')}</ul>`;
  if (r < 0.37) return `<table><tr><th>key</th><th>value</th></tr><tr><td>${heading()}</td><td>${heading()}</td></tr></table>`;
  return `<p>${paragraph()} <a href="https://example.com/docs/${Math.floor(random() * 1000)}">docs</a></p>`;
}
