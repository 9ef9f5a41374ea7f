// @vitest-environment jsdom
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { ConfigError, loadRuntimeConfig, readStampedConfig, RUNTIME_CONFIG_ELEMENT_ID } from './load-config';

const served = {
  mode: 'provider',
  baseUrl: 'https://api.example.com/cards',
  accountsBaseUrl: 'https://accounts.example.com',
  environmentName: 'Fetched',
};

let configRequests = 0;
const server = setupServer(
  http.get('http://localhost:3000/config.json', () => {
    configRequests += 1;
    return HttpResponse.json(served);
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  configRequests = 0;
});

/** A page as a server sends it, with or without the stamped data block. */
function page(block?: { text: string; type?: string }): Document {
  const doc = document.implementation.createHTMLDocument('page');
  if (block) {
    const script = doc.createElement('script');
    script.id = RUNTIME_CONFIG_ELEMENT_ID;
    script.type = block.type ?? 'application/json';
    script.textContent = block.text;
    doc.head.append(script);
  }
  return doc;
}

describe('loadRuntimeConfig', () => {
  it('reads the data block stamped into the page and asks for nothing', async () => {
    const stamped = { ...served, environmentName: 'Stamped \u003c/script>' };
    const config = await loadRuntimeConfig(
      page({ text: JSON.stringify(stamped).replaceAll('<', '\\u003c') }),
      'http://localhost:3000/config.json',
    );
    expect(config.environmentName).toBe('Stamped </script>');
    expect(configRequests).toBe(0);
  });

  it('fetches /config.json when the page has no data block', async () => {
    const config = await loadRuntimeConfig(page(), 'http://localhost:3000/config.json');
    expect(config.environmentName).toBe('Fetched');
    expect(configRequests).toBe(1);
  });

  it('ignores an element of that id that is not a JSON data block', () => {
    expect(readStampedConfig(page({ text: JSON.stringify(served), type: 'module' }))).toBeNull();
  });

  it('refuses a data block that is not JSON, or not a valid configuration, naming the key', () => {
    expect(() => readStampedConfig(page({ text: '{"mode":' }))).toThrow(ConfigError);
    let key: string | null = null;
    try {
      readStampedConfig(page({ text: JSON.stringify({ ...served, mode: 'prod' }) }));
    } catch (error) {
      if (error instanceof ConfigError) key = error.key;
    }
    expect(key).toBe('mode');
  });
});
