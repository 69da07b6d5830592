import { html, raw } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';

type Content = HtmlEscapedString | Promise<HtmlEscapedString>;

const styles = `
:root { color-scheme: light; --ink: #1c1f24; --muted: #5f6670; --line: #e3e6ea; --bg: #f5f6f8; --brand: #3b5bdb; }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); background: var(--bg); }
main { max-width: 460px; margin: 48px auto; padding: 0 16px; }
.card { background: #fff; border: 1px solid var(--line); border-radius: 14px; padding: 28px; box-shadow: 0 6px 24px rgba(20, 30, 50, .06); }
.banner { font-size: 12px; font-weight: 600; letter-spacing: .04em; text-transform: uppercase; color: #8a5a00; background: #fff4d6; border: 1px solid #f1d48a; border-radius: 8px; padding: 6px 10px; margin-bottom: 18px; }
.platform { display: flex; align-items: center; gap: 10px; font-weight: 700; font-size: 18px; }
.dot { width: 14px; height: 14px; border-radius: 50%; }
h1 { font-size: 20px; margin: 18px 0 6px; }
p.muted, .muted { color: var(--muted); }
fieldset { border: 0; padding: 0; margin: 20px 0 0; }
legend { font-weight: 600; margin-bottom: 8px; }
label.option { display: flex; align-items: center; gap: 10px; padding: 10px 12px; border: 1px solid var(--line); border-radius: 10px; margin-bottom: 8px; cursor: pointer; }
label.option:has(input:checked) { border-color: var(--brand); background: #f3f6ff; }
label.option img { width: 32px; height: 32px; border-radius: 50%; }
input[type=text], input[type=password] { width: 100%; padding: 9px 11px; border: 1px solid var(--line); border-radius: 8px; font: inherit; }
.actions { display: flex; gap: 10px; margin-top: 24px; }
.actions.reverse { flex-direction: row-reverse; }
button { flex: 1; font: inherit; font-weight: 600; padding: 11px 14px; border-radius: 10px; border: 1px solid var(--line); background: #fff; cursor: pointer; }
button.primary { background: var(--brand); border-color: var(--brand); color: #fff; }
button:focus-visible, input:focus-visible { outline: 3px solid #9db1ff; outline-offset: 1px; }
ul.platforms { list-style: none; padding: 0; margin: 16px 0 0; }
ul.platforms li { display: flex; align-items: center; justify-content: space-between; gap: 12px; padding: 12px 0; border-top: 1px solid var(--line); }
ul.platforms form { margin: 0; }
ul.platforms button { flex: none; padding: 7px 14px; }
.ok { color: #1f7a3a; font-weight: 600; }
.error { color: #b42318; background: #fff1f0; border: 1px solid #ffd3cf; border-radius: 8px; padding: 10px 12px; margin-top: 16px; }
.notice { color: #1d3a8a; background: #f3f6ff; border: 1px solid #cdd8ff; border-radius: 8px; padding: 10px 12px; margin-top: 16px; }
p.alternative { text-align: center; margin: 18px 0 0; }
a { color: var(--brand); }
a:focus-visible { outline: 3px solid #9db1ff; outline-offset: 2px; border-radius: 4px; }
.success { color: #1f7a3a; background: #effaf2; border: 1px solid #c2ebcd; border-radius: 8px; padding: 10px 12px; margin-top: 16px; }
footer { text-align: center; font-size: 12px; color: var(--muted); margin-top: 16px; }
`;

export function page(title: string, body: Content) {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>${title}</title>
        <style>
          ${raw(styles)}
        </style>
      </head>
      <body>
        <main>${body}</main>
      </body>
    </html>`;
}

export function messagePage(title: string, message: string) {
  return page(title, html`<div class="card"><h1>${title}</h1><p class="muted">${message}</p></div>`);
}
