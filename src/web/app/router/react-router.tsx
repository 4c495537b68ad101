// A small stand-in for `react-router`, resolved in its place by vite.config.ts, vitest.config.ts and
// tsconfig.json (decision 031). It keeps the declarative API the app uses, with React Router's
// behaviour for it: <BrowserRouter> (location updates inside startTransition), <StaticRouter>,
// <Routes>/<Route> (nested layout routes, index routes, static paths, "*"; case-insensitive,
// trailing slash ignored; SPEC §2 has no route parameters), <Outlet>, <Link>, <NavLink> (class
// "active" and aria-current="page"), <Navigate>, useNavigate, useLocation, useSearchParams.
import {
  Children,
  createContext,
  Fragment,
  isValidElement,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
  type AnchorHTMLAttributes,
  type CSSProperties,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  type Ref,
} from 'react';

export interface Path {
  pathname: string;
  search: string;
  hash: string;
}

export interface Location<State = unknown> extends Path {
  state: State;
  key: string;
}

export type To = string | Partial<Path>;

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

export interface NavigateFunction {
  (to: To, options?: NavigateOptions): void;
  (delta: number): void;
}

interface RouterContextValue {
  location: Location;
  navigate: NavigateFunction;
}

const RouterContext = createContext<RouterContextValue | null>(null);
const OutletContext = createContext<ReactNode>(null);

function useRouter(hook: string): RouterContextValue {
  const router = useContext(RouterContext);
  if (!router) throw new Error(`${hook} may be used only inside a <BrowserRouter> or <StaticRouter>`);
  return router;
}

const EXTERNAL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

/** Resolves `to` against the current location: absolute paths as they are, anything else like a URL. */
function resolveTo(to: To, from: Path): Path {
  if (typeof to !== 'string') {
    return { pathname: to.pathname ?? from.pathname, search: to.search ?? '', hash: to.hash ?? '' };
  }
  const url = new URL(to, `http://router${from.pathname}${from.search}`);
  return { pathname: url.pathname, search: url.search, hash: url.hash };
}

function createHref(path: Path): string {
  return `${path.pathname}${path.search}${path.hash}`;
}

function parsePath(path: string): Path {
  const url = new URL(path, 'http://router');
  return { pathname: url.pathname, search: url.search, hash: url.hash };
}

// ── Routers ──────────────────────────────────────────────────────────────────────────────────────

interface HistoryState {
  usr: unknown;
  key: string;
}

function readBrowserLocation(): Location {
  const state = window.history.state as Partial<HistoryState> | null;
  const { pathname, search, hash } = window.location;
  return { pathname, search, hash, state: state?.usr ?? null, key: state?.key ?? 'default' };
}

/** Client-side routing on the History API. */
export function BrowserRouter({ children }: { children?: ReactNode }) {
  const [location, setLocation] = useState(readBrowserLocation);
  // As React Router does: a navigation is a transition, so the current page stays on screen while a
  // lazy route's code loads instead of flashing the Suspense fallback.
  const update = useCallback(() => startTransition(() => setLocation(readBrowserLocation())), []);
  useLayoutEffect(() => {
    window.addEventListener('popstate', update);
    return () => window.removeEventListener('popstate', update);
  }, [update]);

  const navigate = useCallback(
    ((to: To | number, options: NavigateOptions = {}) => {
      if (typeof to === 'number') {
        window.history.go(to);
        return;
      }
      const current = readBrowserLocation();
      const path = resolveTo(to, current);
      const state: HistoryState = { usr: options.state ?? null, key: Math.random().toString(36).slice(2, 10) };
      if (options.replace) window.history.replaceState(state, '', createHref(path));
      else window.history.pushState(state, '', createHref(path));
      update();
    }) as NavigateFunction,
    [update],
  );

  const value = useMemo(() => ({ location, navigate }), [location, navigate]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

const serverNavigate = (() => {
  throw new Error('Navigation is not possible while rendering on the server');
}) as NavigateFunction;

/** A fixed location, for rendering on the server. */
export function StaticRouter({ location, children }: { location: string | Partial<Path>; children?: ReactNode }) {
  const path = typeof location === 'string' ? parsePath(location) : resolveTo(location, { pathname: '/', search: '', hash: '' });
  const value: RouterContextValue = { location: { ...path, state: null, key: 'default' }, navigate: serverNavigate };
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

// ── Routes ───────────────────────────────────────────────────────────────────────────────────────

export interface RouteProps {
  path?: string;
  index?: boolean;
  element?: ReactNode;
  caseSensitive?: boolean;
  children?: ReactNode;
}

/** Configures <Routes>; never rendered itself. */
export function Route(_props: RouteProps): ReactElement | null {
  throw new Error('A <Route> is only ever used as a child of <Routes> or another <Route>');
}

interface RouteConfig {
  path: string | null;
  index: boolean;
  element: ReactNode;
  caseSensitive: boolean;
  children: RouteConfig[];
}

function routesFrom(children: ReactNode): RouteConfig[] {
  const routes: RouteConfig[] = [];
  Children.forEach(children, (child) => {
    if (!isValidElement<RouteProps>(child)) return;
    if (child.type === Fragment) {
      routes.push(...routesFrom((child.props as { children?: ReactNode }).children));
      return;
    }
    if (child.type !== Route) throw new Error('<Routes> accepts only <Route> elements');
    const { path, index, element, caseSensitive, children: nested } = child.props;
    routes.push({ path: path ?? null, index: index === true, element: element ?? null, caseSensitive: caseSensitive === true, children: routesFrom(nested) });
  });
  return routes;
}

const segmentsOf = (path: string) => path.split('/').filter((segment) => segment !== '');

/**
 * The chain of routes (outermost first) that renders `segments`, or null. Like React Router's
 * ranking, a static path beats an index route, which beats "*".
 */
function matchRoutes(routes: RouteConfig[], segments: string[]): RouteConfig[] | null {
  const rank = (route: RouteConfig) => (route.path === '*' ? 2 : route.index ? 1 : 0);
  for (const route of [...routes].sort((a, b) => rank(a) - rank(b))) {
    if (route.index) {
      if (segments.length === 0) return [route];
      continue;
    }
    if (route.path === '*') return [route];
    let rest = segments;
    if (route.path !== null) {
      const own = segmentsOf(route.path);
      const same = (a: string, b: string) => (route.caseSensitive ? a === b : a.toLowerCase() === b.toLowerCase());
      if (own.length > segments.length || !own.every((segment, position) => same(segment, segments[position] ?? ''))) continue;
      rest = segments.slice(own.length);
    }
    if (route.children.length > 0) {
      const nested = matchRoutes(route.children, rest);
      if (nested) return [route, ...nested];
      // A layout route without a path only exists for its children.
      if (route.path === null) continue;
    }
    if (rest.length === 0) return [route];
  }
  return null;
}

/** Renders the element of the best-matching route, with each layout's <Outlet> showing the next one. */
export function Routes({ children }: { children?: ReactNode }) {
  const { location } = useRouter('<Routes>');
  const routes = useMemo(() => routesFrom(children), [children]);
  const matches = matchRoutes(routes, segmentsOf(location.pathname));
  if (!matches) return null;
  return matches.reduceRight<ReactNode>(
    (outlet, route) => <OutletContext.Provider value={outlet}>{route.element}</OutletContext.Provider>,
    null,
  );
}

/** Where a layout route shows its matched child route. */
export function Outlet() {
  return <>{useContext(OutletContext)}</>;
}

// ── Hooks ────────────────────────────────────────────────────────────────────────────────────────

export function useLocation(): Location {
  return useRouter('useLocation()').location;
}

export function useNavigate(): NavigateFunction {
  return useRouter('useNavigate()').navigate;
}

export type URLSearchParamsInit = string | Record<string, string> | [string, string][] | URLSearchParams;
export type SetURLSearchParams = (
  next: URLSearchParamsInit | ((previous: URLSearchParams) => URLSearchParamsInit),
  options?: NavigateOptions,
) => void;

export function useSearchParams(): [URLSearchParams, SetURLSearchParams] {
  const { location, navigate } = useRouter('useSearchParams()');
  const searchParams = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const setSearchParams = useCallback<SetURLSearchParams>(
    (next, options) => {
      const params = new URLSearchParams(typeof next === 'function' ? next(new URLSearchParams(location.search)) : next);
      const search = params.toString();
      navigate({ pathname: location.pathname, search: search ? `?${search}` : '' }, options);
    },
    [location.pathname, location.search, navigate],
  );
  return [searchParams, setSearchParams];
}

/** Navigates when rendered (in an effect, so never during a server render). */
export function Navigate({ to, replace, state }: { to: To } & NavigateOptions) {
  const navigate = useNavigate();
  useEffect(() => navigate(to, { replace, state }), [navigate, to, replace, state]);
  return null;
}

// ── Links ────────────────────────────────────────────────────────────────────────────────────────

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  replace?: boolean;
  state?: unknown;
  /** A plain link: the browser loads the page. */
  reloadDocument?: boolean;
  ref?: Ref<HTMLAnchorElement>;
}

function isPlainLeftClick(event: MouseEvent<HTMLAnchorElement>, target: string | undefined): boolean {
  return (
    event.button === 0 &&
    (!target || target === '_self') &&
    !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey)
  );
}

/** An <a> that navigates inside the app on a plain click and is a normal link otherwise. */
export function Link({ to, replace, state, reloadDocument, onClick, target, ...rest }: LinkProps) {
  const { location, navigate } = useRouter('<Link>');
  const external = typeof to === 'string' && EXTERNAL.test(to);
  const href = external ? (to as string) : createHref(resolveTo(to, location));
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || reloadDocument || external || !isPlainLeftClick(event, target)) return;
    event.preventDefault();
    navigate(to, { replace, state });
  };
  return <a {...rest} href={href} target={target} onClick={handleClick} />;
}

export interface NavLinkRenderProps {
  isActive: boolean;
  isPending: boolean;
  isTransitioning: boolean;
}

export interface NavLinkProps extends Omit<LinkProps, 'className' | 'style' | 'children'> {
  /** Active only on this exact path, not on paths below it. */
  end?: boolean;
  caseSensitive?: boolean;
  className?: string | ((props: NavLinkRenderProps) => string | undefined);
  style?: CSSProperties | ((props: NavLinkRenderProps) => CSSProperties | undefined);
  children?: ReactNode | ((props: NavLinkRenderProps) => ReactNode);
}

/** A <Link> that knows whether it points at the current page ("active", aria-current="page"). */
export function NavLink({ end = false, caseSensitive = false, className, style, children, ...rest }: NavLinkProps) {
  const { location } = useRouter('<NavLink>');
  const fold = (text: string) => (caseSensitive ? text : text.toLowerCase());
  const toPathname = fold(resolveTo(rest.to, location).pathname);
  const current = fold(location.pathname);
  const boundary = toPathname !== '/' && toPathname.endsWith('/') ? toPathname.length - 1 : toPathname.length;
  const isActive = current === toPathname || (!end && current.startsWith(toPathname) && current.charAt(boundary) === '/');
  const renderProps: NavLinkRenderProps = { isActive, isPending: false, isTransitioning: false };
  const classes = typeof className === 'function' ? className(renderProps) : [className, isActive ? 'active' : null].filter(Boolean).join(' ');
  return (
    <Link
      {...rest}
      aria-current={isActive ? 'page' : undefined}
      className={classes || undefined}
      style={typeof style === 'function' ? style(renderProps) : style}
    >
      {typeof children === 'function' ? children(renderProps) : children}
    </Link>
  );
}
