import { useEffect, useRef } from 'react';
import * as monaco from 'monaco-editor/editor/editor.api';

interface Props {
  value: string;
  onChange: (value: string) => void;
  label: string;
}

/**
 * Monaco with the JSON language, line numbers and automatic layout. Loaded with React.lazy by the JSON
 * editor page only, so no other route downloads it. The text lives in the MobX store: Monaco mirrors it.
 */
export default function MonacoJsonEditor({ value, onChange, label }: Props) {
  const host = useRef<HTMLDivElement>(null);
  const editor = useRef<monaco.editor.IStandaloneCodeEditor | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  // True while the store's text is being mirrored into Monaco: that change is not an edit by the admin, and
  // reporting it as one would clear what the store just showed (the save's success message vanished so).
  const mirroring = useRef(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the editor is created once; later values arrive through the effect below
  useEffect(() => {
    const instance = monaco.editor.create(host.current!, {
      value,
      language: 'json',
      lineNumbers: 'on',
      automaticLayout: true,
      minimap: { enabled: false },
      tabSize: 2,
      scrollBeyondLastLine: false,
      ariaLabel: label,
    });
    editor.current = instance;
    const subscription = instance.onDidChangeModelContent(() => {
      if (!mirroring.current) onChangeRef.current(instance.getValue());
    });
    return () => {
      subscription.dispose();
      instance.getModel()?.dispose();
      instance.dispose();
    };
  }, []);

  useEffect(() => {
    const instance = editor.current;
    if (!instance || instance.getValue() === value) return;
    mirroring.current = true;
    try {
      instance.setValue(value);
    } finally {
      mirroring.current = false;
    }
  }, [value]);

  return <div ref={host} className="ac-monaco" style={{ width: '100%', height: '100%' }} data-testid="monaco-host" />;
}
