import { waitFor } from '@testing-library/react';

/**
 * Catches the files a page saves (downloadText in components/table/TableToolbar.tsx: an object URL of a Blob, then a
 * click on a temporary link): the names the links were clicked with and each file's text. jsdom has no object URLs,
 * and a link click would try to navigate.
 */
export function catchDownloads() {
  const blobs: Blob[] = [];
  const names: string[] = [];
  // Nothing to restore: jsdom has no createObjectURL of its own, and each catch installs fresh stand-ins.
  Object.assign(URL, {
    createObjectURL: jest.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:csv';
    }),
    revokeObjectURL: jest.fn(),
  });
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  return {
    /** The `download` name of each link clicked, in order. */
    names,
    /** The text of the `index`th file saved. */
    text: (index = 0) =>
      // jsdom's Blob has no text(): FileReader decodes it (and drops the byte-order mark, as spreadsheets do).
      new Promise<string>((resolve) => {
        const reader = new FileReader();
        reader.onload = () => resolve(String(reader.result));
        reader.readAsText(blobs[index]);
      }),
    /** Links click as before again. */
    restore: () => click.mockRestore(),
  };
}

/**
 * The lines (CRLF-separated, the byte-order mark dropped) of the one CSV file `act` makes the page save as `filename`:
 * the common shape of an "Export CSV" test.
 */
export async function csvLinesSavedBy(filename: string, act: () => Promise<void>): Promise<string[]> {
  const downloads = catchDownloads();
  try {
    await act();
    await waitFor(() => expect(downloads.names).toEqual([filename]));
  } finally {
    downloads.restore();
  }
  return (await downloads.text()).trim().split('\r\n');
}
