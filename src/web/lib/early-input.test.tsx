import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { replayEarlyInput } from './early-input.js';

/**
 * The boot script (decision 068) on a page the server rendered: what is done before the app has hydrated is kept from
 * the page's own listeners, then done once, in order, at the replay.
 */
const BOOT = readFileSync('src/web/public/page-boot.js', 'utf8');

function boot() {
  document.body.innerHTML = `
    <script type="application/json" id="page-scripts">["/assets/index.js"]</script>
    <div id="root">
      <button type="button" id="like">Like</button>
      <a href="/services" id="link">Browse</a>
      <form><input id="search" type="search" name="search"><button type="submit" id="go">Search</button></form>
    </div>`;
  // Hidden, so the script starts the app's files at once rather than after two frames; kept, not loaded.
  vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
  const started = vi.spyOn(document.head, 'appendChild').mockImplementation((node) => node);
  new Function(BOOT)();
  return { root: document.getElementById('root')!, started };
}

const scriptTaps = (element: Element) => element.dispatchEvent(new MouseEvent('click', { bubbles: true }));
/** The script records only what a person did (`isTrusted`), which a test's events are not: this one passes for one. */
const trusted = (event: Event) => Object.defineProperty(event, 'isTrusted', { value: true });
const personTaps = (element: Element) => element.dispatchEvent(trusted(new MouseEvent('click', { bubbles: true, cancelable: true })));

describe('the boot script', () => {
  beforeEach(() => {
    delete window.__earlyInput;
  });
  afterEach(() => {
    replayEarlyInput();
    vi.restoreAllMocks();
  });

  it('starts the app’s entry as a module', () => {
    const { started } = boot();
    const [entry] = started.mock.calls.map(([node]) => node as HTMLScriptElement);
    expect([entry?.type, entry?.getAttribute('src')]).toEqual(['module', '/assets/index.js']);
  });

  it('keeps a tap from the hydrating root and does it once at the replay', () => {
    const { root } = boot();
    const seen = vi.fn();
    // The app's root listens before it has hydrated the part tapped (React would drop the tap).
    root.addEventListener('click', (event) => seen((event.target as Element).id));
    const button = document.getElementById('like')!;
    personTaps(button);
    expect(seen).not.toHaveBeenCalled();

    replayEarlyInput();
    expect(seen).toHaveBeenCalledExactlyOnceWith('like');
    // From the replay on, the app's own listeners answer, and nothing is kept.
    personTaps(button);
    expect(seen).toHaveBeenCalledTimes(2);
    replayEarlyInput();
    expect(seen).toHaveBeenCalledTimes(2);
  });

  it('leaves links, a form’s submit button and untrusted events to the browser', () => {
    const { root } = boot();
    const seen = vi.fn();
    root.addEventListener('click', (event) => seen((event.target as Element).id));
    personTaps(document.getElementById('link')!);
    document.getElementById('go')!.addEventListener('click', (event) => event.preventDefault());
    personTaps(document.getElementById('go')!);
    scriptTaps(document.getElementById('like')!);
    expect(seen.mock.calls).toEqual([['link'], ['go'], ['like']]);
    replayEarlyInput();
    expect(seen).toHaveBeenCalledTimes(3);
  });

  it('gives a field the words typed into it once, at the replay', () => {
    const { root } = boot();
    const typed = vi.fn();
    root.addEventListener('input', (event) => typed((event.target as HTMLInputElement).value));
    const field = document.getElementById('search') as HTMLInputElement;
    for (const words of ['d', 'do', 'dog']) {
      field.value = words;
      field.dispatchEvent(trusted(new Event('input', { bubbles: true })));
    }
    expect(typed).not.toHaveBeenCalled();
    replayEarlyInput();
    expect(typed).toHaveBeenCalledExactlyOnceWith('dog');
    expect(field.value).toBe('dog');
  });
});
