/**
 * What the alert evaluation of one market update reads, as the integration tests count it on the stack's emulator.
 * The evaluation reads the products whose alerts fired (one each). The same update also starts the history recording
 * (functions/src/index.ts, recordMarketHistoryOnUpdate), which reads the whole catalogue in one query: the emulator's
 * counters get it or not, depending on which function runs first, but never in part.
 */
export async function productReadsOfOneUpdate(firestoreOrigin: string, evaluated: number): Promise<number[]> {
  const response = await fetch(`${firestoreOrigin}/emulator/v1/export`);
  if (!response.ok) throw new Error(`export: ${response.status}`);
  const { documents } = (await response.json()) as { documents: Array<{ path: string }> };
  const catalogue = documents.filter((d) => d.path.startsWith('products/')).length;
  return [evaluated, evaluated + catalogue];
}
