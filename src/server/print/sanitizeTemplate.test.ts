/** The print cleaner keeps layout CSS and drops every remote reference (issue 26 item 6). */
import { describe, expect, it } from 'vitest';
import { sanitizeTemplateHtml } from './sanitizeTemplate.js';
import { cleanCss, normalizeCss } from './cleanCss.js';
import { remoteVectors, remoteVectorCount } from '../../../tests/api/print/support/remoteVectors.js';

const BASE = 'http://127.0.0.1:9/evil';

describe('sanitizeTemplateHtml', () => {
  it(`removes the address from each of the ${remoteVectors(BASE).length} vectors`, () => {
    expect(remoteVectors(BASE).length).toBeGreaterThanOrEqual(30);
    expect(remoteVectorCount()).toBeGreaterThanOrEqual(50);
    for (const vector of remoteVectors(BASE)) {
      const out = sanitizeTemplateHtml(vector);
      expect(out, vector).not.toContain('127.0.0.1');
      // Cleaning again changes nothing: what is stored is what is rendered.
      expect(sanitizeTemplateHtml(out), vector).toBe(out);
    }
  });

  it('keeps the text and the harmless CSS beside a removed reference', () => {
    expect(sanitizeTemplateHtml(`<div style="color:red;background:url(${BASE});font-weight:bold">a</div>`)).toBe('<div style="color:red;font-weight:bold">a</div>');
    expect(sanitizeTemplateHtml(`<style>@import url(${BASE});td{border:1px solid #000}</style><p>x</p>`)).toBe('<style>td{border:1px solid #000}</style><p>x</p>');
    expect(sanitizeTemplateHtml(`<style>@font-face{font-family:x;src:url(${BASE})}p{font-family:x}</style>`)).toBe('<style>p{font-family:x}</style>');
    expect(sanitizeTemplateHtml(`<table background="${BASE}" border="1"><tbody><tr><td>t</td></tr></tbody></table>`)).toBe('<table border="1"><tbody><tr><td>t</td></tr></tbody></table>');
    expect(sanitizeTemplateHtml(`<a href="https://example.org/x" ping="${BASE}">l</a>`)).toBe('<a href="https://example.org/x" target="_blank" rel="noopener noreferrer">l</a>');
  });

  it('leaves ordinary print CSS alone', () => {
    const css = '@page{size:A4}table{border-collapse:collapse}td>b,th+th{border:1px solid #000;padding:2mm}.title::after{content:"（副本）"}@media print{.no-print{display:none}}';
    expect(sanitizeTemplateHtml(`<style>${css}</style><p class="title">t</p>`)).toBe(`<style>${css}</style><p class="title">t</p>`);
    expect(sanitizeTemplateHtml('<p style="text-align:center;font:12pt/1.5 serif">c</p>')).toBe('<p style="text-align:center;font:12pt/1.5 serif">c</p>');
  });
});

describe('cleanCss', () => {
  it('reads escapes and comments the way the browser does', () => {
    expect(normalizeCss('u\\72l(')).toBe('url(');
    expect(normalizeCss('\\000075\\000072 \\6C(')).toBe('url(');
    expect(normalizeCss('u/**/rl(')).toBe('url(');
    expect(normalizeCss('"/*" url(x) "*/"')).toBe('"/*" url(x) "*/"');
  });

  it('drops a whole rule whose selector is unsafe and never leaves a < that could end the style', () => {
    expect(cleanCss('a[title="url(x)"]{color:red}b{color:blue}')).toBe('b{color:blue}');
    expect(cleanCss('b{content:"</style><img src=x>"}i{color:red}')).toBe('b{}i{color:red}');
  });
});
