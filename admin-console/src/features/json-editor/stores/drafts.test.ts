import { MemoryStorage } from '@sbc/shared';
import { draftKey, DraftStorage } from './drafts';

/** A session storage that is full (writes throw) or switched off by the browser (every call throws). */
class BrokenStorage extends MemoryStorage {
  constructor(private readonly failReads: boolean) {
    super();
  }
  override getItem(key: string): string | null {
    if (this.failReads) throw new DOMException('The operation is insecure.', 'SecurityError');
    return super.getItem(key);
  }
  override setItem(): void {
    throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
  }
  override removeItem(key: string): void {
    if (this.failReads) throw new DOMException('The operation is insecure.', 'SecurityError');
    super.removeItem(key);
  }
}

describe('DraftStorage', () => {
  it('keeps a draft per product with the version its text was based on', () => {
    const storage = new MemoryStorage();
    const drafts = new DraftStorage(storage);
    drafts.write('bread', { text: '{"slug": "bread"}', version: 'v3' });
    expect(JSON.parse(storage.getItem(draftKey('bread'))!)).toEqual({ text: '{"slug": "bread"}', version: 'v3' });
    expect(drafts.read('bread')).toEqual({ text: '{"slug": "bread"}', version: 'v3' });
    expect(drafts.read('solar-panel')).toBeNull();
    drafts.remove('bread');
    expect(drafts.read('bread')).toBeNull();
  });

  it('a draft with an extra field is of another shape: dropped, not restored', () => {
    const storage = new MemoryStorage();
    storage.setItem(draftKey('bread'), JSON.stringify({ text: 'x', version: 'v1', savedAt: 1 }));
    expect(new DraftStorage(storage).read('bread')).toBeNull();
    expect(storage.getItem(draftKey('bread'))).toBeNull();
  });

  it.each([
    ['full', false],
    ['switched off', true],
  ])('a %s storage loses the draft without failing the edit', (_label, failReads) => {
    const drafts = new DraftStorage(new BrokenStorage(failReads));
    expect(() => drafts.write('bread', { text: 'x', version: 'v1' })).not.toThrow();
    expect(() => drafts.remove('bread')).not.toThrow();
    expect(drafts.read('bread')).toBeNull();
  });

  it('without a storage nothing is kept', () => {
    const drafts = new DraftStorage(null);
    drafts.write('bread', { text: 'x', version: 'v1' });
    expect(drafts.read('bread')).toBeNull();
  });
});
