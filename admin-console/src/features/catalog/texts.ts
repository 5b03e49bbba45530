/** The catalogue page's Italian texts (one home: the page, its stores and their tests use these). */
export const CATALOG_TITLE = 'Catalogo prodotti';
export const CATALOG_LOAD_FAILED = 'Impossibile caricare i prodotti. Riprova.';
export const CATALOG_EMPTY = 'Nessun prodotto corrisponde ai filtri.';
export const ANY = 'Tutti';
export const UNCHANGED = 'Invariato';
export const matchesText = (n: number) => (n === 1 ? '1 prodotto corrisponde' : `${n.toLocaleString('it-IT')} prodotti corrispondono`);
export const selectedText = (n: number) => (n === 1 ? '1 prodotto selezionato' : `${n.toLocaleString('it-IT')} prodotti selezionati`);
export const selectAllMatchingText = (n: number) => `Seleziona tutti i ${n.toLocaleString('it-IT')} risultati`;
export const PREVIEW_FAILED = "Impossibile preparare l'anteprima. Riprova.";
export const NO_CHANGES = 'Nessun prodotto selezionato cambierebbe: niente da scrivere.';
export const previewTitle = (products: number, fields: number) =>
  `Anteprima: ${products.toLocaleString('it-IT')} ${products === 1 ? 'prodotto' : 'prodotti'}, ${fields.toLocaleString('it-IT')} ${fields === 1 ? 'campo' : 'campi'}`;
export const applyLabel = (n: number) => `Applica ${n.toLocaleString('it-IT')} ${n === 1 ? 'modifica' : 'modifiche'}`;
export const APPLY_QUESTION =
  'Le modifiche saranno scritte nel database, ciascuna con la sua voce nello storico (ripristinabile dall\'editor JSON). Continuare?';
/** What a job writes, in the job's texts. */
export const JOB_NOUNS = { products: 'prodotti', materials: 'materiali' } as const;
export type JobKind = keyof typeof JOB_NOUNS;
export const progressText = (done: number, total: number, kind: JobKind = 'products') =>
  `Scritti ${done.toLocaleString('it-IT')} di ${total.toLocaleString('it-IT')} ${JOB_NOUNS[kind]}`;
export const applyFailedText = (done: number, total: number, message: string, kind: JobKind = 'products') =>
  `Scrittura interrotta dopo ${done.toLocaleString('it-IT')} di ${total.toLocaleString('it-IT')} ${JOB_NOUNS[kind]} (${message}). Riprendi per completare: i ${JOB_NOUNS[kind]} già scritti non saranno modificati di nuovo.`;
export const RESUME = 'Riprendi';
export const doneText = (applied: number, already: number, conflicts: number, kind: JobKind = 'products') =>
  `${[
    kind === 'products'
      ? `Modifica completata: ${applied.toLocaleString('it-IT')} ${applied === 1 ? 'prodotto aggiornato' : 'prodotti aggiornati'}`
      : `Modifica completata: ${applied.toLocaleString('it-IT')} ${applied === 1 ? 'materiale scritto' : 'materiali scritti'}`,
    already > 0 ? `${already.toLocaleString('it-IT')} già ${kind === 'products' ? 'aggiornati' : 'scritti'} in precedenza` : '',
    conflicts > 0 ? `${conflicts.toLocaleString('it-IT')} saltati perché modificati nel frattempo` : '',
  ]
    .filter(Boolean)
    .join(', ')}.`;
export const TALENT_NONE = 'None';
export const IMPORT_TITLE = 'Importa ed esporta';
export const IMPORT_READ_FAILED = 'Impossibile leggere il file o i prodotti del catalogo. Riprova.';
export const EXPORT_FAILED = "Impossibile esportare i prodotti. Riprova.";
export const importFileError = (message: string, line: number | null) => (line === null ? message : `Riga ${line}: ${message}`);
export const IMPORT_OUTCOME_LABELS = { create: 'Da creare', update: 'Da aggiornare', unchanged: 'Invariato', refused: 'Rifiutato' } as const;
export const importSummary = (counts: Record<keyof typeof IMPORT_OUTCOME_LABELS, number>) =>
  `Prova: ${counts.create} da creare, ${counts.update} da aggiornare, ${counts.unchanged} invariati, ${counts.refused} rifiutati.`;
export const exportedText = (n: number, name: string) => `${n.toLocaleString('it-IT')} prodotti esportati in ${name}.`;

// --- materials import and the unfinished job (issue 38) ---
export const FILE_KIND_LABEL = 'Contenuto del file';
export const FILE_KIND_OPTIONS = [
  { value: 'products', label: 'Prodotti' },
  { value: 'materials', label: 'Materiali' },
] as const;
export const MATERIALS_READ_FAILED = 'Impossibile leggere il file o i materiali. Riprova.';
export const EXPORT_MATERIALS_FAILED = 'Impossibile esportare i materiali. Riprova.';
export const exportedMaterialsText = (n: number, name: string) => `${n.toLocaleString('it-IT')} materiali esportati in ${name}.`;
export const UNFINISHED_TITLE = 'Scrittura non completata';
export const unfinishedText = (kind: JobKind, done: number, total: number) =>
  `Una scrittura di ${total.toLocaleString('it-IT')} ${JOB_NOUNS[kind]} iniziata in questo browser non è stata completata (la pagina è stata chiusa, ricaricata o la rete è caduta): ${done.toLocaleString('it-IT')} confermati scritti, ${(total - done).toLocaleString('it-IT')} da completare. Riprendi per completarla: quanto già scritto non sarà modificato di nuovo.`;
export const DISCARD_UNFINISHED = 'Scarta';
export const UNFINISHED_CORRUPT =
  'La scrittura interrotta salvata in questo browser non è leggibile ed è stata scartata. Quanto già scritto resta salvato, con le sue voci nello storico: per completare il resto, ripeti l\'anteprima o l\'importazione (ciò che è già scritto risulterà invariato).';
export const NOT_KEPT = 'Il browser non ha potuto salvare questa scrittura: se chiudi la pagina prima della fine, non potrai riprenderla da qui.';
