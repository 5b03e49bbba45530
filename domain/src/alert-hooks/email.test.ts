import type { FiredAlert } from './alert-index';
import { alertEmail, EMAIL_MAX_ALERTS, escapeHtml, plainLine, testEmail } from './email';
import { afterDelivery } from './webhooks';

const at = new Date('2026-11-27T10:00:00.000Z');
const origin = 'https://sbc.example';

function fired(name: string, over: Partial<FiredAlert> = {}): FiredAlert {
  return { kind: 'product', ref: 'energy_solar', name, slug: 'solar-panel', metric: 'price', direction: 'above', threshold: 130, value: 135, text: 'Price above 130 · now 135.00 SBC', ...over };
}

describe('alertEmail', () => {
  it('lists each fired alert: item, condition with the current price, link to the item page', () => {
    const mail = alertEmail([fired('Solar Panel'), fired('Copper', { kind: 'material', ref: 'copper', slug: 'copper', text: 'Price below 5 · now 4.20 SBC' })], at, origin);
    expect(mail.subject).toBe('SBC Tycoon: 2 alerts fired on the market update of 2026-11-27 10:00 UTC');
    expect(mail.text).toBe(
      [
        'The market update of 2026-11-27 10:00 UTC fired 2 alerts:',
        '',
        '- Solar Panel: Price above 130 · now 135.00 SBC',
        '  https://sbc.example/products/solar-panel',
        '- Copper: Price below 5 · now 4.20 SBC',
        '  https://sbc.example/materials/copper',
        '',
        'Your watchlist: https://sbc.example/watchlist',
        'You get this e-mail because you turned on e-mail alerts on your watchlist page; remove them there to stop them.',
      ].join('\n'),
    );
    expect(mail.html).toContain('<li><a href="https://sbc.example/products/solar-panel">Solar Panel</a>: Price above 130 · now 135.00 SBC</li>');
    expect(mail.html).toContain('<li><a href="https://sbc.example/materials/copper">Copper</a>: Price below 5 · now 4.20 SBC</li>');
  });

  it('says "1 alert" for one', () => {
    expect(alertEmail([fired('Solar Panel')], at, origin).subject).toBe('SBC Tycoon: 1 alert fired on the market update of 2026-11-27 10:00 UTC');
  });

  // Item names come from watchlist documents a browser wrote: whatever they hold, the HTML shows them as text, the
  // plain text keeps one line per alert, and the subject never carries them.
  it.each([
    ['a script tag', '<script>alert(1)</script>', '&lt;script&gt;alert(1)&lt;/script&gt;'],
    ['an attribute break-out', '"><img src=x onerror=alert(1)>', '&quot;&gt;&lt;img src=x onerror=alert(1)&gt;'],
    ['a single quote and an ampersand', "Tom's & Jerry's", 'Tom&#39;s &amp; Jerry&#39;s'],
    ['an HTML entity', '&lt;b&gt;', '&amp;lt;b&amp;gt;'],
    ['a forged header line', 'Panel\r\nBcc: victim@example.com', 'Panel\r\nBcc: victim@example.com'],
    ['a MIME boundary', '--boundary\n\nContent-Type: text/html', '--boundary\n\nContent-Type: text/html'],
  ])('%s in an item name is only text', (_, name, escaped) => {
    const mail = alertEmail([fired(name, { text: `${name} above 1` })], at, origin);
    expect(mail.html).toContain(`>${escaped}</a>: ${escaped} above 1</li>`);
    if (/[<>"'&]/.test(name)) expect(mail.html).not.toContain(name);
    const line = mail.text.split('\n')[2];
    expect(line).toBe(`- ${plainLine(name)}: ${plainLine(name)} above 1`);
    expect(mail.text.split('\n')).toHaveLength(7);
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.subject).not.toContain(name);
  });

  it('escapes the slug inside the link (encoded into the URL)', () => {
    const mail = alertEmail([fired('X', { slug: '"><script>' })], at, origin);
    expect(mail.html).toContain('href="https://sbc.example/products/%22%3E%3Cscript%3E"');
    expect(mail.text).toContain('https://sbc.example/products/%22%3E%3Cscript%3E');
  });

  it(`lists at most ${EMAIL_MAX_ALERTS} alerts, then how many more`, () => {
    const many = Array.from({ length: EMAIL_MAX_ALERTS + 3 }, (_, i) => fired(`Item ${i}`));
    const mail = alertEmail(many, at, origin);
    expect(mail.subject).toContain(`${EMAIL_MAX_ALERTS + 3} alerts fired`);
    expect(mail.text).toContain(`- Item ${EMAIL_MAX_ALERTS - 1}:`);
    expect(mail.text).not.toContain(`- Item ${EMAIL_MAX_ALERTS}:`);
    expect(mail.text).toContain('… and 3 more on your watchlist');
    expect(mail.html).toContain('<p>… and 3 more on your watchlist</p>');
  });
});

describe('escapeHtml and plainLine', () => {
  it.each([
    ['plain', 'plain', 'plain'],
    ['<a href="x">&\'', '&lt;a href=&quot;x&quot;&gt;&amp;&#39;', '<a href="x">&\''],
    ['a\r\nb\tc\u0000d\u2028e\u0085f', 'a\r\nb\tc\u0000d\u2028e\u0085f', 'a  b c d e f'],
  ])('%j', (input, html, plain) => {
    expect(escapeHtml(input)).toBe(html);
    expect(plainLine(input)).toBe(plain);
  });
});

describe('testEmail', () => {
  it('is a fixed message with the time', () => {
    const mail = testEmail(at);
    expect(mail.subject).toBe('SBC Tycoon: test of your e-mail alerts');
    expect(mail.text).toContain('Sent 2026-11-27 10:00 UTC.');
  });
});

describe('afterDelivery for an e-mail destination', () => {
  it('says to remove and add e-mail alerts again when disabled', () => {
    const state = afterDelivery({ status: 'active', failures: 2, message: null }, { ok: false, reason: 'the mail server refused it (550)' }, at, 'email');
    expect(state).toEqual({
      status: 'disabled',
      failures: 3,
      message: 'Disabled on 2026-11-27 10:00 UTC after 3 failed deliveries in a row (last: the mail server refused it (550)). Remove e-mail alerts and add them again to retry.',
    });
  });
});
