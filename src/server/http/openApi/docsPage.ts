/**
 * The minimal viewer of /api/docs: a static page and script (the page CSP allows scripts from
 * 'self' only, so no inline script). It lists each call with its summary, request schemas and
 * answer schemas as collapsible JSON.
 */

export const DOCS_PAGE = `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><title>Formwork API</title>
<style>
body{font:14px/1.5 system-ui,sans-serif;margin:24px;color:#222}
h1{font-size:20px}.op{border:1px solid #ddd;border-radius:6px;margin:6px 0;padding:4px 10px}
.m{display:inline-block;min-width:56px;font-weight:600}.GET{color:#1677ff}.POST{color:#389e0d}
.PUT{color:#d48806}.DELETE{color:#cf1322}pre{background:#f6f6f6;padding:8px;overflow:auto;max-height:420px}
summary{cursor:pointer}#filter{width:320px;padding:4px}
</style></head>
<body><h1>Formwork API</h1>
<p>OpenAPI 3.1 · <a id="raw" href="openapi.json" download="openapi.json">openapi.json</a> · <input id="filter" placeholder="筛选路径"></p>
<div id="out">加载中…</div>
<script src="/api/docs/docs.js"></script>
</body></html>`;

export const DOCS_SCRIPT = `(() => {
  const out = document.getElementById('out');
  const token = (document.cookie.split('; ').find((c) => c.startsWith('Admin-Token=')) || '').slice(12);
  const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
  const block = (title, value) => value ? '<details><summary>' + esc(title) + '</summary><pre>' + esc(JSON.stringify(value, null, 2)) + '</pre></details>' : '';
  fetch('/api/docs/openapi.json', { headers: token ? { Authorization: 'Bearer ' + decodeURIComponent(token) } : {} })
    .then((r) => r.json())
    .then((doc) => {
      if (!doc.paths) { out.textContent = (doc.msg || '无法读取接口文档') + '（需要以管理员身份登录）'; return; }
      const render = (filter) => {
        let html = '';
        for (const [path, ops] of Object.entries(doc.paths)) {
          if (filter && !path.includes(filter)) continue;
          for (const [method, op] of Object.entries(ops)) {
            const m = method.toUpperCase();
            html += '<details class="op"><summary><span class="m ' + m + '">' + m + '</span> ' + esc(path) + (op.summary ? ' — ' + esc(op.summary) : '') + (op.security && !op.security.length ? ' (public)' : '') + '</summary>'
              + block('parameters', op.parameters) + block('requestBody', op.requestBody) + block('responses', op.responses) + '</details>';
          }
        }
        out.innerHTML = html || '无';
      };
      render('');
      document.getElementById('filter').addEventListener('input', (e) => render(e.target.value));
      document.getElementById('raw').href = URL.createObjectURL(new Blob([JSON.stringify(doc, null, 2)], { type: 'application/json' }));
    })
    .catch(() => { out.textContent = '无法读取接口文档'; });
})();
`;
