// A web-test-runner middleware: GET /embed/… on the test page's own origin answers what the real
// reference service answers there (its embed pages, their CSP, the kit), untouched by the dev
// server's transforms (they would rewrite the inline bootstrap its CSP hash allows). A test's
// iframe of such a page is same-origin, so the test can look into the frame (its
// customElements, its resource timing) without a script of its own in it.

/** @param {() => string} serviceUrl the reference service's base URL, once it has started */
export function embedProxy(serviceUrl) {
  return async (ctx, next) => {
    if (!ctx.path.startsWith('/embed/')) return next();
    const answer = await fetch(serviceUrl() + ctx.url, { headers: { accept: ctx.get('accept') || '*/*' } });
    ctx.status = answer.status;
    for (const name of ['content-type', 'content-security-policy', 'cache-control']) {
      const value = answer.headers.get(name);
      if (value) ctx.set(name, value);
    }
    ctx.body = Buffer.from(await answer.arrayBuffer());
  };
}
