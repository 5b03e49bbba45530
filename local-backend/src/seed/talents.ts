/** talents/{type} documents: `{ id: type, 'Talent Name': true, … }`. */
import { TALENT_TYPES } from './catalog/talents';

export function talentDocuments(): Array<{ id: string; data: Record<string, unknown> }> {
  return Object.entries(TALENT_TYPES).map(([type, names]) => {
    const data: Record<string, unknown> = { id: type };
    for (const name of names) data[name] = true;
    return { id: type, data };
  });
}
