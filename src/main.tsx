/**
 * The app's start: language and error handlers, the runtime configuration, the sandbox worker or the
 * OpenID Connect sign-in when configured (each by dynamic import), the services, then hydrating the
 * HTML's first frame (or drawing over it) and the reports after the first paint (docs/architecture.md).
 */
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot, type RootOptions } from 'react-dom/client';
import { createServices } from '@/api/services';
import { session } from '@/api/session';
import { bindSessionCleanup, createAppQueryClient } from '@/app/query-client';
import { App } from '@/app/app';
import { createAppRouter, prefetchScreen, prefetchScreens, prefetchShell } from '@/app/router';
import { initI18n } from '@/app/i18n/i18n';
import { whenIdleAfterPaint } from '@/app/when-idle-after-paint';
import { replayEarlyInput, takeEarlyInput } from '@/app/first-frame/early-input';
import { markUserActed } from '@/hooks/use-route-focus';
import { firstFrameVariant } from '@/app/first-frame/frame-routes';
import {
  installGlobalErrorHandlers,
  reportApiFailure,
  reportError,
  startReports,
} from '@/app/error-reporting';
import { ConfigError, loadRuntimeConfig } from '@/config/load-config';
import type { RuntimeConfig } from '@/config/config-schema';
import { paths } from '@/config/paths';

const rootOptions: RootOptions = {
  onUncaughtError: reportError,
  onCaughtError: reportError,
  // A hydration that does not match the first frame (a bug: the frame is this app's own first render).
  onRecoverableError: reportError,
};

/**
 * Whether the page's first frame is this start's first render: the sign-in of this configuration's mode
 * (scripts/build/first-frames.ts marks each frame), with the router at sign-in. Then the app hydrates it,
 * adopting its nodes and whatever the operator typed into them; any other frame is drawn over.
 */
function hydratesTheFrame(container: HTMLElement, config: RuntimeConfig, pathname: string): boolean {
  return container.dataset.firstFrame === `${firstFrameVariant(config)}/entrar` && pathname === paths.signIn;
}

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
 * Start-up: read the configuration (stamped into the page, else /config.json), start the sandbox worker
 * only in sandbox mode (a dynamic import, so the sandbox never weighs on a provider deployment), then
 * hydrate the first frame, or render.
 */
async function start() {
  initI18n();
  installGlobalErrorHandlers();
  const container = document.getElementById('root');
  if (!container) return;
  let created: ReturnType<typeof createRoot> | null = null;
  // The error pages draw over the frame; a start that works never makes this root.
  const root = () => (created ??= createRoot(container, rootOptions));

  let config;
  try {
    config = await loadRuntimeConfig();
  } catch (error) {
    const configError = error instanceof ConfigError ? error : new ConfigError('unreadable', null);
    const { StartupErrorPage } = await import('@/app/startup-error-page');
    root().render(
      <StartupErrorPage kind="config" configKey={configError.key} detail={configError.message} />,
    );
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
        root().render(<StartupErrorPage kind="config" configKey="sandboxProfile" detail={error.message} />);
      } else {
        root().render(<StartupErrorPage kind="sandbox" />);
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
  const router = await createAppRouter();
  const app = (
    <StrictMode>
      <App
        config={config}
        services={services}
        queryClient={queryClient}
        router={router}
        // What was pressed on the frame before now is done once the app holds the frame's nodes.
        onStarted={() => {
          // When the app held the page (hydrated the frame, or drew over it): for the bench and a profile.
          performance.mark('app-started');
          const presses = takeEarlyInput();
          if (presses.length > 0) markUserActed();
          replayEarlyInput(presses, (href) => void router.navigate(href));
        }}
      />
    </StrictMode>
  );
  if (hydratesTheFrame(container, config, router.state.location.pathname)) {
    // A transition: hydration yields to the browser every few milliseconds (the frame is on screen and
    // takes typing meanwhile) instead of one long task.
    startTransition(() => {
      hydrateRoot(container, app, rootOptions);
    });
  } else {
    // Over a frame that is not this first render (the page on its way to or back from the identity
    // provider), or an empty root: a transition, so that the first screen's render yields to the browser.
    startTransition(() => root().render(app));
  }
  // Once the first screen has painted its largest element, fetch the shell every screen after sign-in needs.
  whenIdleAfterPaint(prefetchShell);
  // Signed in: every screen's code, in idle moments, so that no click waits for a chunk.
  whenSignedIn(() => whenIdleAfterPaint(prefetchScreens));
  startReports(config);
}

void start();
