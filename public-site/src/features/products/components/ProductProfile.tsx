import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import type { Product } from '@sbc/domain';
import { productTarget, StarToggle } from '../../../components/StarToggle';

/** Image (or a lettered placeholder when missing or broken), category, name, type and required talent. */
export const ProductProfile = observer(function ProductProfile({ product }: { product: Product }) {
  const [broken, setBroken] = useState(false);
  const showImage = product.image_url !== '' && !broken;
  return (
    <header className="ps-profile">
      <div className="ps-profile__image">
        {showImage ? (
          <img src={product.image_url} alt={product.name} width={96} height={96} onError={() => setBroken(true)} />
        ) : (
          <span className="ps-profile__placeholder" role="img" aria-label={`No image for ${product.name}`}>
            {product.name.charAt(0).toUpperCase() || '?'}
          </span>
        )}
      </div>
      <div>
        <p className="ps-eyebrow">{product.category}</p>
        <h1>{product.name}</h1>
        <p className="ps-profile__tags">
          <span>Type: {product.type}</span>
          <span>Talent required: {product.talent_required ?? 'None'}</span>
        </p>
      </div>
      <span className="ps-detail-star">
        <StarToggle target={productTarget(product)} size="large" />
      </span>
    </header>
  );
});
