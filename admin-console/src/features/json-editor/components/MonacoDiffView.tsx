import { useEffect, useRef } from 'react';
import * as monaco from 'monaco-editor/editor/editor.api';

interface Props {
  original: string;
  modified: string;
  label: string;
}

type ModelPair = { original: monaco.editor.ITextModel; modified: monaco.editor.ITextModel };

/**
 * Monaco's side-by-side diff editor (read-only): a past version on the left, the current text on the right.
 * Loaded with React.lazy only when the admin opens a comparison, from the same Monaco chunk as the editor.
 *
 * The editor and its two models are created once per comparison; a new text (the admin types, a version is
 * restored) goes into the models, as in MonacoJsonEditor. Recreating them on every change disposed models while
 * Monaco's worker was still comparing them: the worker then answers nothing and Monaco throws "no diff result
 * available" as an uncaught error (the editor-role journey's flake).
 */
export default function MonacoDiffView({ original, modified, label }: Props) {
  const host = useRef<HTMLDivElement>(null);
  const models = useRef<ModelPair | null>(null);

  useEffect(() => {
    const diff = monaco.editor.createDiffEditor(host.current!, {
      readOnly: true,
      automaticLayout: true,
      renderSideBySide: true,
      minimap: { enabled: false },
      scrollBeyondLastLine: false,
      ariaLabel: label,
    });
    const pair: ModelPair = { original: monaco.editor.createModel('', 'json'), modified: monaco.editor.createModel('', 'json') };
    // The view model is ours to dispose: one the widget makes from a plain pair keeps a reference it never
    // releases (monaco-editor 0.57), so its comparison in flight is never cancelled. Disposing it cancels that
    // comparison, and Monaco then drops the worker's answer instead of throwing on it.
    const viewModel = diff.createViewModel(pair);
    diff.setModel(viewModel);
    models.current = pair;
    return () => {
      models.current = null;
      diff.setModel(null);
      viewModel.dispose();
      diff.dispose();
      pair.original.dispose();
      pair.modified.dispose();
    };
  }, [label]);

  // Declared after the effect above, so on the first render (and after a new label) it fills the new models.
  // biome-ignore lint/correctness/useExhaustiveDependencies: label recreates the models, which need the texts again
  useEffect(() => {
    const pair = models.current;
    if (!pair) return;
    if (pair.original.getValue() !== original) pair.original.setValue(original);
    if (pair.modified.getValue() !== modified) pair.modified.setValue(modified);
  }, [original, modified, label]);

  return <div ref={host} className="ac-monaco ac-diff" style={{ width: '100%', height: 360 }} data-testid="monaco-diff-host" />;
}
