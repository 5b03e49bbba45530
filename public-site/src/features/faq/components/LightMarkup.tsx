import { Fragment } from 'react';
import { parseLightMarkup } from '@sbc/domain';

/**
 * An FAQ answer as React elements from the domain's tokens: text stays text (React escapes it), so an answer
 * containing HTML shows the characters, never runs them. No dangerouslySetInnerHTML anywhere.
 */
export function LightMarkup({ text }: { text: string }) {
  return (
    <>
      {parseLightMarkup(text).map((token, i) => {
        switch (token.type) {
          case 'bold':
            // biome-ignore lint/suspicious/noArrayIndexKey: the tokens of one text never reorder; their position is their identity
            return <strong key={i}>{token.text}</strong>;
          case 'italic':
            // biome-ignore lint/suspicious/noArrayIndexKey: the tokens of one text never reorder; their position is their identity
            return <em key={i}>{token.text}</em>;
          case 'break':
            // biome-ignore lint/suspicious/noArrayIndexKey: the tokens of one text never reorder; their position is their identity
            return <br key={i} />;
          default:
            // biome-ignore lint/suspicious/noArrayIndexKey: the tokens of one text never reorder; their position is their identity
            return <Fragment key={i}>{token.text}</Fragment>;
        }
      })}
    </>
  );
}
