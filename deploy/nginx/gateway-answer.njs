// Gateway mode: what of the provider's answer may reach the browser. The header filter of the gateway's
// provider side (gateway-upstream-proxy.conf.template), run by nginx's njs module (Debian's
// libnginx-mod-http-js, njs 0.7: ECMAScript 5 with let and const, no for...of; hence .njs, not a module
// of this repository's TypeScript). scripts/deploy/render.ts copies it beside the rendered files; it is tested on
// a real nginx (e2e/nginx/gateway-hostile.nginx.ts). docs/decisions/026-gateway-round-4.md says why.
//
// The interface is JSON over HTTP: a final status (200 to 599), a JSON body or none, and the few headers
// the app reads. Anything else is refused, and refusing is throwing: nginx then closes the connection to
// the app's server (gateway-locations.conf) before a byte of the answer is written, and the app's server
// answers the 502 Error object to the browser, framed like any other answer. Rewriting the answer here cannot do that: njs 0.7
// changes a status code but not the status line nginx took from the provider ("103 Early Hints" stays),
// so a 1xx would still reach the browser as an interim answer followed by whatever the provider sends.

// A media type's parameters as RFC 9110 (8.3.1, 5.6.6) writes them: `; name=token` or `; name="quoted"`,
// without a comma anywhere, quoted or not. Browsers split a Content-Type on commas and take the last
// type: `application/json;x=,text/html` is an HTML page to Chromium.
const TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
const QUOTED = '"([\\t \\x21\\x23-\\x2b\\x2d-\\x5b\\x5d-\\x7e]|\\\\[\\t \\x21-\\x2b\\x2d-\\x7e])*"';
const PARAMETER = '[ \\t]*;[ \\t]*(' + TOKEN + '=(' + TOKEN + '|' + QUOTED + '))?';
/** What every JSON answer goes out as, whatever parameters the provider sent. */
const JSON_TYPE = 'application/json; charset=utf-8';

/** The provider's headers that pass, each with the shape its value must have (else it is dropped). */
const ALLOWED = {
  'content-type': new RegExp('^application/json(' + PARAMETER + ')*[ \\t]*$', 'i'),
  'content-length': /^[0-9]{1,15}$/,
  // The encodings a browser decodes by itself; a dictionary-compressed one (dcb, dcz) needs a dictionary
  // the provider could have set with Use-As-Dictionary, which never passes.
  'content-encoding': /^(gzip|br|deflate|zstd)$/i,
  vary: /^[A-Za-z0-9!#$%&'*+.^_`|~, \t-]{1,256}$/,
  // Seconds, or an HTTP date.
  'retry-after': /^([0-9]{1,9}|[A-Za-z]{3}, [0-9]{2} [A-Za-z]{3} [0-9]{4} [0-9]{2}:[0-9]{2}:[0-9]{2} GMT)$/,
};

/** Why an answer is refused, for the inner server's log (never its content: it may hold a CPF). */
function refuse(r, why) {
  r.variables.cartoes_refused = why;
  throw new Error('the provider’s answer is outside the interface: ' + why);
}

/** An answer without a body: 204, 304, or a length of 0. */
function bodiless(r) {
  return r.status === 204 || r.status === 304 || r.headersOut['Content-Length'] === '0';
}

function answer(r) {
  // nginx 1.22 takes a 1xx (103 Early Hints, 100 Continue, 101) from the provider as the final status.
  if (r.status < 200 || r.status > 599) refuse(r, 'status ' + r.status);
  // The provider's Content-Type is hidden from nginx (gateway-upstream-proxy.conf: nginx would keep its
  // charset and add it to any type set here) and read from its variable; the type set is this file's own.
  const type = r.variables.upstream_http_content_type;
  const json = typeof type === 'string' && ALLOWED['content-type'].test(type);
  if (!bodiless(r) && !json) refuse(r, 'content type');
  const encoding = r.headersOut['Content-Encoding'];
  if (encoding !== undefined && !ALLOWED['content-encoding'].test(String(encoding))) {
    refuse(r, 'content encoding');
  }
  // Every other header is dropped, and each allowed one kept once: a header sent twice, or under two
  // spellings of its name, passes with its first value of the allowed shape.
  const kept = {};
  const names = Object.keys(r.headersOut);
  for (let i = 0; i < names.length; i++) {
    const name = names[i];
    const lower = name.toLowerCase();
    const shape = ALLOWED[lower];
    const value = r.headersOut[name];
    // nginx keeps one Content-Length (its shape checked here); the rest may repeat.
    if (lower === 'content-length') {
      if (!shape.test(String(value))) delete r.headersOut[name];
      continue;
    }
    delete r.headersOut[name];
    if (shape !== undefined && kept[lower] === undefined && typeof value === 'string' && shape.test(value)) {
      kept[lower] = value;
    }
  }
  const canonical = { 'content-encoding': 'Content-Encoding', vary: 'Vary', 'retry-after': 'Retry-After' };
  const keep = Object.keys(kept);
  for (let i = 0; i < keep.length; i++) r.headersOut[canonical[keep[i]]] = kept[keep[i]];
  if (json) r.headersOut['Content-Type'] = JSON_TYPE;
}

export default { answer };
