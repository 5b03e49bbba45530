import { useState } from 'react';
import '../../../components/ps-base.css';

/** The material's image, or the first letter of its name when there is none (or it fails to load). */
export function MaterialAvatar({ name, imageUrl, size = 40 }: { name: string; imageUrl?: string; size?: number }) {
  const [broken, setBroken] = useState(false);
  return (
    <span className="ps-avatar" style={{ width: size, height: size }} aria-hidden="true">
      {imageUrl && !broken ? <img src={imageUrl} alt="" onError={() => setBroken(true)} /> : name.charAt(0).toUpperCase()}
    </span>
  );
}
