import { useEffect } from 'react';
import { observer } from 'mobx-react-lite';
import { useRootStore, type RootStore } from '@sbc/shared';
import { formatGameDuration, formatSbc, materialPriceLookup, productionEconomics, type Material, type Product } from '@sbc/domain';
import { formatCount, formatPercent, formatSignedSbc } from '@sbc/domain';
import { StateMessage } from '../../../components/StateMessage';

/**
 * "Production economics" on the product detail: the margin of producing one unit at today's market, line by
 * line, with the formula in words. Material prices come from the materials ledger, one document per required
 * material (k reads, 0 when the ledger is loaded or cached this session; see useRecipeMaterials). A material the ledger lacks is flagged and the margins
 * stay unknown (only their upper bound is shown), never computed as if the material were free.
 */
export const ProductionEconomicsPanel = observer(function ProductionEconomicsPanel({ product }: { product: Product }) {
  const prices = useRecipeMaterials(product);
  const waiting = prices === null;
  const e = productionEconomics(product, materialPriceLookup(prices ?? []));
  const lead = formatGameDuration(e.leadTimeMinutes);

  return (
    <section className="ps-card ps-economics" aria-labelledby="ps-economics-title">
      <h2 id="ps-economics-title">Production economics</h2>
      <p className="ps-hint">
        Margin per unit = average price − materials cost − production cost. Materials cost = Σ quantity × the
        material’s unit price at today’s market.
      </p>
      {waiting ? (
        <StateMessage kind="loading">Loading material prices…</StateMessage>
      ) : (
        <>
          <table className="ps-table ps-economics__table">
            <caption className="ps-visually-hidden">Margin of one unit of {product.name}, line by line</caption>
            <tbody>
              <tr>
                <th scope="row">Average price</th>
                <td className="ps-table__num ps-num">{formatSbc(e.averagePrice)}</td>
              </tr>
              {e.materials.lines.map((line) => (
                <tr key={line.name} className={line.unitPrice === null ? 'ps-economics__missing' : undefined}>
                  <th scope="row">
                    − {line.name} × {formatCount(line.quantity)}
                    {line.unitPrice === null ? (
                      <span className="ps-badge ps-badge--warn">Not in the materials ledger</span>
                    ) : (
                      <span className="ps-table__sub">at {formatSbc(line.unitPrice)} each</span>
                    )}
                  </th>
                  <td className="ps-table__num ps-num">{line.cost === null ? 'Unknown' : formatSignedSbc(-line.cost)}</td>
                </tr>
              ))}
              {e.materials.lines.length === 0 && (
                <tr>
                  <th scope="row">− Materials</th>
                  <td className="ps-table__num ps-num">None required</td>
                </tr>
              )}
              <tr>
                <th scope="row">− Production cost</th>
                <td className="ps-table__num ps-num">{formatSignedSbc(-e.productionCost)}</td>
              </tr>
              <tr className="ps-economics__total">
                <th scope="row">Margin per unit</th>
                <td className="ps-table__num ps-num">
                  {e.marginPerUnit === null ? `At most ${formatSignedSbc(e.marginUpperBound)}` : formatSignedSbc(e.marginPerUnit)}
                </td>
              </tr>
              <tr>
                <th scope="row">
                  Margin %<span className="ps-table__sub">margin ÷ average price</span>
                </th>
                <td className="ps-table__num ps-num">{e.marginPercent === null ? '—' : formatPercent(e.marginPercent)}</td>
              </tr>
              <tr>
                <th scope="row">
                  Margin per hour of lead time<span className="ps-table__sub">margin ÷ {lead} of game time</span>
                </th>
                <td className="ps-table__num ps-num">{e.marginPerHour === null ? '—' : formatSignedSbc(e.marginPerHour)}</td>
              </tr>
            </tbody>
          </table>
          {e.materials.missing.length > 0 && (
            <p className="ps-economics__warning" role="note">
              {e.materials.missing.join(', ')} {e.materials.missing.length === 1 ? 'is' : 'are'} not in the materials
              ledger, so the margin cannot be computed: it is at most {formatSignedSbc(e.marginUpperBound)}.
            </p>
          )}
          {e.marginPerUnit !== null && e.leadTimeMinutes <= 0 && (
            <p className="ps-hint">No lead time is recorded, so there is no margin per hour.</p>
          )}
        </>
      )}
    </section>
  );
});

/**
 * The ledger entries of the product's required materials, or null while they load. Each comes from the loaded
 * or cached ledger, else one read by document id (the name): a recipe of k materials costs k reads, not the
 * whole ledger. A name that is not a document id (different case) makes the store read the whole ledger once,
 * and a material that is in no form of it is returned as absent (flagged by the panel).
 */
function useRecipeMaterials(product: Product): Material[] | null {
  const root = useRootStore();
  const names = Object.keys(product.requested_materials).join('\u0000');
  return useStoredRecipe(root, names);
}

const namesOf = (names: string) => (names === '' ? [] : names.split('\u0000'));

/**
 * Each material's record from its home in the store (MarketStore.materialRecord): the server render loaded them, so
 * the panel hydrates with its prices, and a header refresh or a market update reads them again while shown.
 */
function useStoredRecipe(root: RootStore, names: string): Material[] | null {
  useEffect(() => {
    for (const name of namesOf(names)) void root.loadMaterialDetail(name);
  }, [root, names]);
  const records = namesOf(names).map((name) => root.market.materialRecord(name));
  if (records.some((record) => record.state === 'loading')) return null;
  return records.flatMap((record) => (record.material ? [record.material] : []));
}
