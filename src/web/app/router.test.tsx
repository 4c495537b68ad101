// The routing behaviour the app relies on (decision 098; these assertions were first written for the
// stand-in of decision 031 and hold for React Router itself). Client-side navigation is covered by the e2e journeys (nav-and-footer, resources, accounts-*).
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Link, NavLink, Outlet, Route, Routes, StaticRouter, useLocation, useSearchParams } from 'react-router';

function Layout() {
  return (
    <div>
      layout:
      <Outlet />
    </div>
  );
}

function App() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<p>home</p>} />
        <Route path="about" element={<p>about</p>} />
        <Route path="speak-with-ellis" element={<p>voice</p>} />
        <Route path="*" element={<p>not found</p>} />
      </Route>
    </Routes>
  );
}

// React Router marks every link for framework-mode route discovery; the app runs in declarative mode.
const render = (location: string, node = <App />) =>
  renderToStaticMarkup(<StaticRouter location={location}>{node}</StaticRouter>).replaceAll(' data-discover="true"', '');

describe('routes', () => {
  it('renders the layout with the matching child in its outlet', () => {
    expect(render('/')).toBe('<div>layout:<p>home</p></div>');
    expect(render('/about')).toBe('<div>layout:<p>about</p></div>');
    expect(render('/speak-with-ellis')).toBe('<div>layout:<p>voice</p></div>');
  });

  it('ignores case and a trailing slash, and sends anything else to "*"', () => {
    expect(render('/About/')).toBe('<div>layout:<p>about</p></div>');
    expect(render('/about/more')).toBe('<div>layout:<p>not found</p></div>');
    expect(render('/nowhere?x=1')).toBe('<div>layout:<p>not found</p></div>');
  });

  it('renders nothing when no route matches', () => {
    const routes = (
      <Routes>
        <Route path="only" element={<p>only</p>} />
      </Routes>
    );
    expect(render('/other', routes)).toBe('');
    expect(render('/only', routes)).toBe('<p>only</p>');
  });
});

describe('links', () => {
  it('Link renders an href for absolute, object and external targets', () => {
    const html = render(
      '/resources?q=food',
      <>
        <Link to="/chat" className="button">
          Chat
        </Link>
        <Link to={{ search: '?q=bed' }}>same page</Link>
        <Link to="https://example.org/">out</Link>
      </>,
    );
    expect(html).toBe('<a class="button" href="/chat">Chat</a><a href="/resources?q=bed">same page</a><a href="https://example.org/">out</a>');
  });

  it('NavLink marks the current page, and paths below it unless `end`', () => {
    const links = (
      <>
        <NavLink to="/" end>
          Home
        </NavLink>
        <NavLink to="/about">About</NavLink>
        <NavLink to="/about" end className="x">
          About exactly
        </NavLink>
        <NavLink to="/" className={({ isActive }) => (isActive ? 'on' : 'off')}>
          Fn
        </NavLink>
      </>
    );
    expect(render('/about/team', links)).toBe(
      '<a class="" href="/">Home</a><a aria-current="page" class="active" href="/about">About</a><a class="x" href="/about">About exactly</a><a class="off" href="/">Fn</a>',
    );
    expect(render('/', links)).toContain('<a aria-current="page" class="active" href="/">Home</a>');
  });
});

describe('hooks', () => {
  it('useLocation and useSearchParams read the router location', () => {
    function Probe() {
      const location = useLocation();
      const [params] = useSearchParams();
      return <p>{`${location.pathname}|${location.search}|${location.hash}|${params.get('q') ?? ''}`}</p>;
    }
    expect(render('/resources?q=food%20bank#list', <Probe />)).toBe('<p>/resources|?q=food%20bank|#list|food bank</p>');
  });
});
