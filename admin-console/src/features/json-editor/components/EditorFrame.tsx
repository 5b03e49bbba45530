import { Component, lazy, Suspense, type ReactNode } from 'react';
import { JsonTextArea } from './JsonTextArea';

const MonacoJsonEditor = lazy(() => import('./MonacoJsonEditor'));

interface Props {
  value: string;
  onChange: (value: string) => void;
}

const LABEL = 'JSON del prodotto';

/** Shows `fallback` instead of a Monaco view that failed to load or to start (the editor and the diff alike). */
export class FallbackOnError extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.error('Monaco could not load; showing the plain text instead', error);
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/** Monaco when it loads, the plain text area while it loads or if it fails. */
export function EditorFrame({ value, onChange }: Props) {
  const plain = <JsonTextArea value={value} onChange={onChange} label={LABEL} />;
  return (
    <div className="ac-editor-frame">
      <FallbackOnError fallback={plain}>
        <Suspense fallback={plain}>
          <MonacoJsonEditor value={value} onChange={onChange} label={LABEL} />
        </Suspense>
      </FallbackOnError>
    </div>
  );
}
