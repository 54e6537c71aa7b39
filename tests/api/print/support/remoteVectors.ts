/**
 * Print-template bodies that each try to make a browser load an address (issue 26 item 6). Every
 * vector names `${base}/v<n>` so a loopback server can tell which ones a browser really fetched;
 * the unit test checks the cleaned text and tests/api/print/printRemoteRefs.test.ts checks that
 * Chromium, loading the cleaned print, asks for none of them.
 */
export function remoteVectors(base: string): string[] {
  let n = 0;
  const u = () => `${base}/v${++n}`;
  // A CSS escape of every letter of `url` (u\72l, \75\72\6c, with the optional trailing space).
  return [
    `<table background="${u()}"><tr><td background="${u()}">x</td></tr></table>`,
    `<div style="background:url(${u()})">a</div>`,
    `<div style="background-image:url('${u()}')">b</div>`,
    `<div style="background:u\\72l(${u()})">c</div>`,
    `<div style="background:\\75\\72\\6c(${u()})">d</div>`,
    `<div style="background:\\000075 \\000072 \\00006c (${u()})">e</div>`,
    `<div style="background:URL(${u()})">f</div>`,
    `<div style="background-image:image-set('${u()}' 1x)">g</div>`,
    `<div style="background-image:-webkit-image-set(url(${u()}) 1x)">h</div>`,
    `<div style="background-image:image-set(&quot;${u()}&quot; 1x)">i</div>`,
    `<div style="color:red;/*x*/background/**/:u/**/rl(${u()})">j</div>`,
    `<div style="color:red; background: u\\rl(${u()})">k</div>`,
    `<div style="cursor:url(${u()}),auto;list-style-image:url(${u()})">l</div>`,
    `<div style="border-image:url(${u()}) 30 round">m</div>`,
    `<div style="mask-image:url(${u()});-webkit-mask-image:url(${u()})">n</div>`,
    `<div style="content:url(${u()})">o</div>`,
    `<style>@import url(${u()});p{color:red}</style><p>p</p>`,
    `<style>@import '${u()}';</style>`,
    `<style>@\\69mport '${u()}';</style>`,
    `<style>@font-face{font-family:x;src:url(${u()})}body{font-family:x}</style>`,
    `<style>@font-face{font-family:y;src:u\\72l(${u()}) format('woff')}p{font-family:y}</style>`,
    `<style>td{background:url(${u()})}</style><table><tr><td>q</td></tr></table>`,
    `<style>td{background-image:image-set("${u()}" 1x)}</style><table><tr><td>r</td></tr></table>`,
    `<style>div::before{content:url(${u()})}</style><div>s</div>`,
    `<style>div{background:"/*";background:url(${u()});x:"*/"}</style><div>t</div>`,
    `<style>@media print{body{background:url(${u()})}}</style>`,
    `<style>@page{background:url(${u()})}</style>`,
    `<style>:root{--img:url(${u()})}div{background:var(--img)}</style><div>w</div>`,
    `<img src="${u()}">`,
    `<img srcset="${u()} 1x, ${u()} 2x" src="data:image/png;base64,iVBORw0KGgo=">`,
    `<picture><source srcset="${u()}"><img src="data:image/png;base64,iVBORw0KGgo="></picture>`,
    `<svg><image href="${u()}" width="10" height="10"/></svg>`,
    `<svg xmlns:xlink="http://www.w3.org/1999/xlink"><image xlink:href="${u()}" width="10" height="10"/></svg>`,
    `<svg><use href="${u()}#a"/></svg>`,
    `<svg><style>rect{fill:url(${u()}#g)}</style><rect width="5" height="5"/></svg>`,
    `<link rel="stylesheet" href="${u()}">`,
    `<link rel="preload" as="image" href="${u()}">`,
    `<base href="${u()}/"><img src="x.png">`,
    `<meta http-equiv="refresh" content="0;url=${u()}">`,
    `<iframe src="${u()}"></iframe>`,
    `<object data="${u()}"></object><embed src="${u()}">`,
    `<video poster="${u()}"><source src="${u()}"></video>`,
    `<audio src="${u()}"></audio>`,
    `<input type="image" src="${u()}">`,
    `<body background="${u()}"><p>z</p></body>`,
    `<noscript><img src="${u()}"></noscript>`,
    `<a href="https://example.org/ok" ping="${u()}">link</a>`,
    `<div style="background:url&#40;${u()})">amp</div>`,
    `<div style="background:url(&quot;${u()}&quot;)">q2</div>`,
    `<style>p{background:u\\72 l(${u()})}</style>`,
  ];
}

/** How many addresses the vectors name (the `v<n>` numbers run 1..count). */
export const remoteVectorCount = (): number => remoteVectors('').join('').match(/\/v\d+/g)!.length;
