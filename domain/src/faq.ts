/** FAQ content (SPEC.md section 2 "FAQ") and its light markup: **bold**, *italic*, line breaks. */
import type { FaqItem } from './types';

export const FAQ_ITEMS: readonly FaqItem[] = [
  {
    id: 'how-market-works',
    icon: 'chart-up',
    question: 'How does the market work?',
    answer:
      'Prices are set by a **market algorithm** that weighs *demand*, the *specialization* of the companies selling and the *saturation* of each product.\n' +
      'The market updates **twice per in-game day**, which means every **30 real minutes**. Watch the trends between updates to time your sales.',
  },
  {
    id: 'company-specialization',
    icon: 'target',
    question: 'What is company specialization?',
    answer:
      'The longer your company keeps producing in one category, the more **specialized** it becomes and the better its products sell.\n' +
      'Specialization **resets when you switch category**, so think twice before chasing a sector that is hot *today*.',
  },
  {
    id: 'automatic-updates',
    icon: 'refresh',
    question: 'How often is the market updated?',
    answer:
      'Updates are **automatic**: you never need to trigger them. Every 30 real minutes (half an in-game day) demand, prices and request indexes are recalculated.\n' +
      'Use the *Refresh* button on the dashboards to load the latest figures.',
  },
  {
    id: 'news-events',
    icon: 'news',
    question: 'What are news events?',
    answer:
      'News events are in-game happenings that **shift demand** for whole sectors or single products, for better or worse.\n' +
      'Keep an eye on them: reacting *early* to a news event is one of the quickest ways to get ahead of the competition.',
  },
  {
    id: 'materials-market',
    icon: 'bricks',
    question: 'How does the materials market work?',
    answer:
      'The materials market is **global, real-time and shared** by every player: what others buy and sell moves the price you see. Each material trades between a **minimum and a maximum price**.\n' +
      'Profits are taxed according to how long you held the goods: the tax is *high* if you resell immediately and *lower* after several in-game days.',
  },
  {
    id: 'market-advantage',
    icon: 'bulb',
    question: 'How can I use the market to my advantage, and what is the market algorithm?',
    answer:
      'The **market algorithm** is the engine that turns the demand, specialization and saturation of all players into prices at every update.\n' +
      'To profit from it, produce what is *in demand but not yet saturated*, stay specialized, and buy materials when they sit near their **minimum price**.',
  },
];

export type MarkupToken =
  | { type: 'text'; text: string }
  | { type: 'bold'; text: string }
  | { type: 'italic'; text: string }
  | { type: 'break'; text: '' };

/**
 * Splits an answer into tokens a view renders as text nodes (never as HTML, so the text cannot inject
 * markup). '**x**' is bold, '*x*' italic, '\n' a line break. An unmatched marker stays literal text, and
 * markers do not span line breaks. Adjacent text is merged.
 */
export function parseLightMarkup(answer: string): MarkupToken[] {
  const tokens: MarkupToken[] = [];
  const pushText = (text: string) => {
    if (text === '') return;
    const last = tokens[tokens.length - 1];
    if (last && last.type === 'text') last.text += text;
    else tokens.push({ type: 'text', text });
  };
  const lines = answer.replace(/\r\n?/g, '\n').split('\n');
  lines.forEach((line, index) => {
    if (index > 0) tokens.push({ type: 'break', text: '' });
    const pattern = /\*\*(.+?)\*\*|\*([^*]+?)\*/g;
    let cursor = 0;
    for (let match = pattern.exec(line); match !== null; match = pattern.exec(line)) {
      pushText(line.slice(cursor, match.index));
      if (match[1] !== undefined) tokens.push({ type: 'bold', text: match[1] });
      else tokens.push({ type: 'italic', text: match[2] });
      cursor = match.index + match[0].length;
    }
    pushText(line.slice(cursor));
  });
  return tokens;
}
