import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { parseWholeQuantity, QUANTITY_STEP, upperFirst } from '@sbc/domain';

interface Props {
  materials: readonly string[];
  value: Record<string, number>;
  onChange: (value: Record<string, number>) => void;
}

/**
 * Enter inside the picker means "take this quantity", never "submit the product": it runs `commit` and
 * stops the form's own Enter handling (and the browser's implicit submission).
 */
function enterCommits(commit: () => void) {
  return (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    event.stopPropagation();
    commit();
  };
}

/** One added material: the quantity is committed on blur or Enter, and follows later changes of the value. */
function QuantityRow({ id, name, quantity, onCommit }: { id: string; name: string; quantity: number; onCommit: (raw: string) => void }) {
  const [text, setText] = useState(String(quantity));
  useEffect(() => setText(String(quantity)), [quantity]);
  return (
    <li className="ac-row">
      <label htmlFor={id}>{name}</label>
      <input
        id={id}
        type="number"
        min={0}
        step={QUANTITY_STEP}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onBlur={() => onCommit(text)}
        onKeyDown={enterCommits(() => onCommit(text))}
      />
      <button type="button" className="ac-btn" onClick={() => onCommit('0')} aria-label={`Rimuovi ${name}`}>
        Rimuovi
      </button>
    </li>
  );
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
  const addMaterial = () => {
    if (!material) return;
    setQuantityOf(upperFirst(material), quantity);
    setMaterial('');
  };

  return (
    <fieldset className="ac-field ac-fieldset ac-wide">
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
        <input
          id={`${id}-quantity`}
          type="number"
          min={0}
          step={QUANTITY_STEP}
          value={quantity}
          onChange={(e) => setQuantity(e.target.value)}
          onKeyDown={enterCommits(addMaterial)}
        />
        <button type="button" className="ac-btn" disabled={!material} onClick={addMaterial}>
          Aggiungi materiale
        </button>
      </div>
      {Object.keys(value).length > 0 && (
        <ul aria-label="Materiali aggiunti">
          {Object.entries(value).map(([name, qty]) => (
            <QuantityRow key={name} id={`${id}-qty-${name}`} name={name} quantity={qty} onCommit={(raw) => setQuantityOf(name, raw)} />
          ))}
        </ul>
      )}
    </fieldset>
  );
}
