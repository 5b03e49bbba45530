import type { PageData } from '../../lib/page-data';

/** The home page: its figures are the game stats, read by every data page (PageData.stats). */
export const homePageData: PageData = { stats: true };
