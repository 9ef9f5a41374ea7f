/**
 * The app's start: language and error handlers, the runtime configuration, the sandbox worker or the
 * OpenID Connect sign-in when configured (each by dynamic import), the services, then the first render,
 * which replaces index.html's still shell, and the reports after the first paint (docs/architecture.md).
 */
import { StrictMode } from 'react';
import { createRoot, type RootOptions } from 'react-dom/client';
import { createServices } from '@/api/services';
import { session } from '@/api/session';
import { bindSessionCleanup, createAppQueryClient } from '@/app/query-client';
import { App } from '@/app/app';
import { createAppRouter, prefetchScreen, prefetchScreens, prefetchShell } from '@/app/router';
import { initI18n } from '@/app/i18n/i18n';
import { whenIdleAfterPaint } from '@/app/when-idle-after-paint';
import {
  installGlobalErrorHandlers,
  reportApiFailure,
  reportError,
  startReports,
} from '@/app/error-reporting';
import { ConfigError, loadRuntimeConfig } from '@/config/load-config';

const rootOptions: RootOptions = {
  onUncaughtError: reportError,
  onCaughtError: reportError,
  onRecoverableError: reportError,
};

/** Runs `task` once someone is signed in (at once if someone is). */
function whenSignedIn(task: () => void): void {
  if (session.getState().status === 'active') return task();
  const stop = session.subscribe(() => {
    if (session.getState().status !== 'active') return;
    stop();
    task();
  });
}

/**
 * Start-up: read /config.json (preloaded by index.html), start the sandbox worker only in sandbox mode (a
 * dynamic import, so the sandbox never weighs on a provider deployment), then render. Until the first
 * render commits, the page shows index.html's still shell, which that commit replaces whole.
 */
async function start() {
  initI18n();
  installGlobalErrorHandlers();
  const container = document.getElementById('root');
  if (!container) return;
  const root = createRoot(container, rootOptions);

  let config;
  try {
    config = await loadRuntimeConfig();
  } catch (error) {
    const configError = error instanceof ConfigError ? error : new ConfigError('unreadable', null);
    const { StartupErrorPage } = await import('@/app/startup-error-page');
    root.render(<StartupErrorPage kind="config" configKey={configError.key} detail={configError.message} />);
    return;
  }

  if (config.mode === 'sandbox' && config.sandboxWorker) {
    try {
      const { startSandboxWorker } = await import('@/sandbox/browser');
      await startSandboxWorker({
        baseUrl: config.baseUrl,
        accountsBaseUrl: config.accountsBaseUrl,
        profile: config.sandboxProfile,
      });
    } catch (error) {
      // An unknown profile name is a config error naming its key; anything else, the sandbox's own.
      // Its own chunk: a start that works never downloads the error page.
      const { StartupErrorPage } = await import('@/app/startup-error-page');
      if (error instanceof RangeError && error.message.startsWith('unknown sandbox profile')) {
        root.render(<StartupErrorPage kind="config" configKey="sandboxProfile" detail={error.message} />);
      } else {
        root.render(<StartupErrorPage kind="sandbox" />);
      }
      return;
    }
  }

  // OpenID Connect only when configured: its library is a separate chunk the token mode never loads.
  let identityProvider = null;
  if (config.auth.type === 'oidc') {
    const { startOidc } = await import('@/api/oidc/oidc-auth');
    const start = await startOidc(
      config.auth,
      config.sessionLimits,
      session,
      window.location,
      prefetchScreen,
    );
    if (start.next !== 'render') return;
    identityProvider = start.identityProvider;
  }

  const services = createServices(config, { session, identityProvider, onFailure: reportApiFailure });
  const queryClient = createAppQueryClient();
  bindSessionCleanup(session, queryClient);
  const router = await createAppRouter({ queryClient, http: services.http });
  // The first screen's paints come after this; the shell's, before it.
  const firstScreenAsked = performance.now();
  // At once, not in a transition: nothing on the shell can be operated, so nothing waits on this task,
  // and the first screen paints soonest in one go.
  root.render(
    <StrictMode>
      <App config={config} services={services} queryClient={queryClient} router={router} />
    </StrictMode>,
  );
  // Once the first screen (not the HTML's shell) has painted its largest element, fetch the shell every
  // screen after sign-in needs: fetched and evaluated sooner, it competes with the first screen.
  whenIdleAfterPaint(prefetchShell, { after: firstScreenAsked });
  // Signed in: every screen's code, in idle moments, so that no click waits for a chunk.
  whenSignedIn(() => whenIdleAfterPaint(prefetchScreens, { after: firstScreenAsked }));
  startReports(config);
}

void start();
