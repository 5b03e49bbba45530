/** Marketing copy of the home page. Growth multipliers here are copy only, not data (section 9). */
import hq from '../../assets/screen-hq.svg';
import market from '../../assets/screen-market.svg';
import production from '../../assets/screen-production.svg';
import materials from '../../assets/screen-materials.svg';
import sectors from '../../assets/screen-sectors.svg';
import news from '../../assets/screen-news.svg';
import talents from '../../assets/screen-talents.svg';
import ranking from '../../assets/screen-ranking.svg';

export interface Screenshot {
  src: string;
  title: string;
  description: string;
  alt: string;
}

export const SCREENSHOTS: readonly Screenshot[] = [
  { src: hq, title: 'Headquarters', description: 'Found your company and grow your HQ from a garage to a skyline.', alt: 'Illustration of the headquarters screen with a building' },
  { src: market, title: 'Live Market', description: 'Watch prices move with every market update, twice per in-game day.', alt: 'Illustration of the market screen with a rising price line' },
  { src: production, title: 'Production', description: 'Turn materials into products and keep your lines running.', alt: 'Illustration of the production screen with a gear' },
  { src: materials, title: 'Materials', description: 'Buy base materials on a global market shared by every player.', alt: 'Illustration of the materials screen with stock bars' },
  { src: sectors, title: 'Sectors', description: 'Compare sectors at a glance and pick where to specialize.', alt: 'Illustration of the sectors screen with a grid of tiles' },
  { src: news, title: 'News Events', description: 'React to events that shift demand before your rivals do.', alt: 'Illustration of the news screen with headlines' },
  { src: talents, title: 'Talents', description: 'Hire the talents your products require.', alt: 'Illustration of the talents screen with a profile' },
  { src: ranking, title: 'Rankings', description: 'Climb the leaderboard of the richest companies.', alt: 'Illustration of the rankings screen with a podium' },
];

export const ONBOARDING_CARDS: readonly { title: string; text: string }[] = [
  { title: 'Start a company', text: 'Pick a sector, build your headquarters and hire your first talents.' },
  { title: 'Produce', text: 'Combine materials into products and watch your lead times.' },
  { title: 'Sell smart', text: 'Read demand and saturation, then sell when the request index peaks.' },
  { title: 'Grow 10×', text: 'Specialize, reinvest and scale your empire tenfold.' },
];

export const CAPABILITIES: readonly { title: string; text: string; withLinks: boolean }[] = [
  { title: 'Market intelligence', text: 'Sector heatmaps, demand pulses and price lines for every product and material.', withLinks: true },
  { title: 'Real-time economy', text: 'A shared simulated economy that updates every 30 real minutes.', withLinks: false },
  { title: 'Strategy first', text: 'Specialization, taxes on quick resales and news events reward planning over luck.', withLinks: false },
];
