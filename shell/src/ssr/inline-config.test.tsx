import type { RuntimeConfig } from '@sbc/shared';
import { inlineRuntimeConfigHtml, readInlineRuntimeConfig } from './inline-config';

const config: RuntimeConfig = {
  remotes: { publicSite: 'https://p.example/mf-manifest.json', adminConsole: 'https://a.example/mf-manifest.json' },
  firebase: { apiKey: 'k', authDomain: 'd', projectId: 'demo-x', appId: 'a' },
  registerUrl: 'https://fn.example/registerUser</script><script>alert(1)',
};

function page(head: string): Document {
  return new DOMParser().parseFromString(`<!doctype html><html><head>${head}</head><body></body></html>`, 'text/html');
}

describe("the page's inline runtime config", () => {
  it('reads back what the render server wrote, even with hostile text in it', () => {
    const doc = page(inlineRuntimeConfigHtml(config));
    expect(doc.querySelectorAll('script')).toHaveLength(1);
    expect(readInlineRuntimeConfig(doc)).toEqual(config);
  });

  it.each([
    ['no inline config (a client-rendered page)', ''],
    ['not JSON', '<script type="application/json" id="sbc-runtime-config">{oops</script>'],
    ['JSON that is not a config', '<script type="application/json" id="sbc-runtime-config">{"remotes":1}</script>'],
  ])('%s: null, so /app-config.json is fetched', (_case, head) => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    expect(readInlineRuntimeConfig(page(head))).toBeNull();
  });
});
