// Frameworks set properties, not attributes (Vue and Svelte set `limit="5"` as the string "5"):
// every number and boolean property of every element, as the manifest lists them, takes the
// string forms, and a value that is neither warns and falls back to the default.
import { expect } from '@open-wc/testing';
import '../../src/all.js';
import { appName, demoUser, serviceUrl } from '../support/service.js';
import { waitFor } from '../support/waits.js';

interface Typed {
  tag: string;
  field: string;
  type: 'number' | 'boolean';
  fallback: unknown;
}

/** The number and boolean attributes' properties of every element, from the manifest. */
async function typedProperties(): Promise<Typed[]> {
  const manifest = await (await fetch('/custom-elements.json')).json();
  const found: Typed[] = [];
  for (const module of manifest.modules) {
    for (const d of module.declarations ?? []) {
      for (const a of d.tagName ? (d.attributes ?? []) : []) {
        const type = /\b(number|boolean)\b/.exec(a.type?.text ?? '')?.[1] as Typed['type'] | undefined;
        if (type) found.push({ tag: d.tagName, field: a.fieldName, type, fallback: a.default === undefined ? undefined : JSON.parse(a.default) });
      }
    }
  }
  return found;
}

/** Runs `fn`, giving back what it sent to console.warn. */
function warnings(fn: () => void): string[] {
  const seen: string[] = [];
  const real = console.warn;
  console.warn = (...args: unknown[]) => void seen.push(args.join(' '));
  try {
    fn();
  } finally {
    console.warn = real;
  }
  return seen;
}

describe('number and boolean properties set by a framework', () => {
  let all: Typed[];
  before(async () => {
    all = await typedProperties();
  });

  it('the manifest lists them (the test checks something)', () => {
    expect(all.map((p) => `${p.tag}.${p.field}`)).to.include.members(['service-trending-list.limit', 'service-user-card.pageSize', 'service-trending-list.controls']);
  });

  it('take the string forms: "7" is 7; "true" and "" are true, "false" is false', () => {
    for (const { tag, field, type } of all) {
      const el = document.createElement(tag) as unknown as Record<string, unknown>;
      const forms: Array<[string, unknown]> = type === 'number' ? [['7', 7], [' 4 ', 4], ['2.5', 2.5]] : [['true', true], ['false', false], ['', true]];
      const seen = warnings(() => {
        for (const [form, want] of forms) {
          el[field] = form;
          expect(el[field], `${tag}.${field} = ${JSON.stringify(form)}`).to.equal(want);
        }
        el[field] = type === 'number' ? 3 : false; // the typed values themselves
        expect(el[field], `${tag}.${field}`).to.equal(type === 'number' ? 3 : false);
      });
      expect(seen, `${tag}.${field}`).to.deep.equal([]);
    }
  });

  it('a value that is neither warns, naming the element, the property and the value, and takes the default', () => {
    for (const { tag, field, type, fallback } of all) {
      const el = document.createElement(tag) as unknown as Record<string, unknown>;
      el[field] = type === 'number' ? 7 : true; // not the default: the fallback must be the default, not the last value
      const bad = type === 'number' ? 'many' : 'yes';
      const seen = warnings(() => void (el[field] = bad));
      expect(el[field], `${tag}.${field} after ${bad}`).to.equal(fallback);
      expect(seen, `${tag}.${field}`).to.have.length(1);
      expect(seen[0]).to.contain(`<${tag}>`).and.contain(field).and.contain(`"${bad}"`);
    }
  });

  it('an attribute that is not a number warns too', () => {
    const el = document.createElement('service-trending-list');
    const seen = warnings(() => el.setAttribute('limit', 'lots'));
    expect(el.limit).to.equal(100); // the default
    expect(seen).to.have.length(1);
    expect(seen[0]).to.contain('<service-trending-list>').and.contain('limit');
  });

  it('the trending list shows "5" tracks and the user card pages by "3", as Vue and Svelte set them', async () => {
    const list = Object.assign(document.createElement('service-trending-list'), { host: serviceUrl, appName });
    const card = Object.assign(document.createElement('service-user-card'), { host: serviceUrl, appName, userId: demoUser.id });
    (list as unknown as Record<string, unknown>).limit = '5';
    (card as unknown as Record<string, unknown>).pageSize = '3';
    document.body.append(list, card);
    try {
      const rows = (el: Element) => el.shadowRoot!.querySelectorAll('li[part="item"]').length;
      await waitFor(() => rows(list) > 0 && rows(card) > 0, 'the list and the card to show tracks');
      expect([rows(list), rows(card)]).to.deep.equal([5, 3]);
    } finally {
      list.remove();
      card.remove();
    }
  });
});
