import { useEffect, useRef } from 'react';
import * as monaco from 'monaco-editor/editor/editor.api';

interface Props {
  original: string;
  modified: string;
  label: string;
}

/**
 * Monaco's side-by-side diff editor (read-only): a past version on the left, the current text on the right.
 * Loaded with React.lazy only when the admin opens a comparison, from the same Monaco chunk as the editor.
 */
export default function MonacoDiffView({ original, modified, label }: Props) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const diff = monaco.editor.createDiffEditor(host.current!, {
      readOnly: true,
      automaticLayout: true,
      renderSideBySide: true,
      minimap: { enabled: false },
      scrollBeyondLastLine: false,
      ariaLabel: label,
    });
    const models = { original: monaco.editor.createModel(original, 'json'), modified: monaco.editor.createModel(modified, 'json') };
    diff.setModel(models);
    return () => {
      diff.dispose();
      models.original.dispose();
      models.modified.dispose();
    };
  }, [original, modified, label]);
  return <div ref={host} className="ac-monaco ac-diff" style={{ width: '100%', height: 360 }} data-testid="monaco-diff-host" />;
}
