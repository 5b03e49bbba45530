/**
 * The JSON editor's unsaved text, kept per product in session storage so that no edit is lost to a reload, a
 * crash or a trip to another page. JsonEditorStore decides when a draft is kept; this module only stores it.
 */
export const draftKey = (slug: string) => `app.jsonEditor.draft.${slug}`;

/**
 * A draft remembers the version its text was based on: restored later, a save still checks against that
 * version, so a product changed meanwhile by someone else is a conflict, not a silent overwrite.
 */
export interface Draft {
  text: string;
  version: string;
}

/** Drafts of the older shape (plain text, no version) cannot be checked for conflicts: they are ignored. */
function parseDraft(stored: string): Draft | null {
  try {
    const value: unknown = JSON.parse(stored);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
    const { text, version, ...rest } = value as Record<string, unknown>;
    if (typeof text !== 'string' || typeof version !== 'string' || Object.keys(rest).length > 0) return null;
    return { text, version };
  } catch {
    return null;
  }
}

/**
 * Drafts in a Storage (none kept without one). A full or unavailable storage loses the draft, never the edit on
 * screen: the page's beforeunload prompt still guards it.
 */
export class DraftStorage {
  constructor(private readonly storage: Storage | null) {}

  /** The product's draft, or null; an unusable one (see parseDraft) is removed. */
  read(slug: string): Draft | null {
    try {
      const stored = this.storage?.getItem(draftKey(slug)) ?? null;
      if (stored === null) return null;
      const draft = parseDraft(stored);
      if (draft === null) this.storage?.removeItem(draftKey(slug));
      return draft;
    } catch {
      return null;
    }
  }

  write(slug: string, draft: Draft): void {
    try {
      this.storage?.setItem(draftKey(slug), JSON.stringify(draft));
    } catch {
      // Storage full or unavailable: see the class comment.
    }
  }

  remove(slug: string): void {
    try {
      this.storage?.removeItem(draftKey(slug));
    } catch {
      // As for write.
    }
  }
}
