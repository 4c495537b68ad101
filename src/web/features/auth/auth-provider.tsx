import { createContext, useContext, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { AuthController, initialAuthSnapshot, type AuthSnapshot } from './auth-controller.ts';

/**
 * One controller per page. On the server nothing starts it (effects do not run there), so every
 * prerendered page shows the loading state, and the first client render matches it.
 */
let pageController: AuthController | null = null;

export function getAuthController(): AuthController {
  pageController ??= new AuthController();
  return pageController;
}

const AuthContext = createContext<AuthController | null>(null);

export function AuthProvider({ children, controller }: { children: ReactNode; controller?: AuthController }) {
  const value = controller ?? getAuthController();
  useEffect(() => {
    value.start();
    const onVisibility = () => {
      if (document.visibilityState === 'visible') value.onVisible();
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, [value]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuthController(): AuthController {
  const controller = useContext(AuthContext);
  if (!controller) throw new Error('useAuth needs an AuthProvider');
  return controller;
}

/** The current auth state: loading, then signed in (user and profile) or signed out, plus any error. */
export function useAuth(): AuthSnapshot {
  const controller = useAuthController();
  return useSyncExternalStore(controller.subscribe, controller.getSnapshot, () => initialAuthSnapshot);
}
