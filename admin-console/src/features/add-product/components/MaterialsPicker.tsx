import { useId, useState } from 'react';
import { parseWholeQuantity, upperFirst } from '@sbc/shared';

interface Props {
  materials: readonly string[];
  value: Record<string, number>;
  onChange: (value: Record<string, number>) => void;
}

/**
 * Required materials (SPEC section 5): whole quantities, 0 or less or unparsable removes the material,
 * names stored with their first letter upper-cased.
 */
export function MaterialsPicker({ materials, value, onChange }: Props) {
  const id = useId();
  const [material, setMaterial] = useState('');
  const [quantity, setQuantity] = useState('1');

  const setQuantityOf = (name: string, raw: string) => {
    const next = { ...value };
    const parsed = parseWholeQuantity(raw);
    if (parsed === null) delete next[name];
    else next[name] = parsed;
    onChange(next);
  };

  return (
    <fieldset className="ac-field ac-wide">
      <legend>Materiali richiesti</legend>
      <div className="ac-row">
        <label htmlFor={`${id}-material`}>Materiale</label>
        <select id={`${id}-material`} value={material} onChange={(e) => setMaterial(e.target.value)}>
          <option value="" />
          {materials.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
        <label htmlFor={`${id}-quantity`}>Quantità</label>
        <input id={`${id}-quantity`} type="number" min={0} step={1} value={quantity} onChange={(e) => setQuantity(e.target.value)} />
        <button
          type="button"
          className="ac-btn"
          disabled={!material}
          onClick={() => {
            setQuantityOf(upperFirst(material), quantity);
            setMaterial('');
          }}
        >
          Aggiungi materiale
        </button>
      </div>
      {Object.keys(value).length > 0 && (
        <ul aria-label="Materiali aggiunti">
          {Object.entries(value).map(([name, qty]) => (
            <li key={name} className="ac-row">
              <label htmlFor={`${id}-qty-${name}`}>{name}</label>
              <input
                id={`${id}-qty-${name}`}
                type="number"
                min={0}
                step={1}
                defaultValue={qty}
                onBlur={(e) => setQuantityOf(name, e.target.value)}
              />
              <button type="button" className="ac-btn" onClick={() => setQuantityOf(name, '0')} aria-label={`Rimuovi ${name}`}>
                Rimuovi
              </button>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
