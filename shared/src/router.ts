// The router, as one federated singleton: only the router APIs the apps use, re-exported from
// react-router-dom (v7: react-router and its DOM parts). A shared module is bundled whole (the
// provider cannot know what consumers import), so sharing react-router-dom itself put all of
// react-router (data routers, loaders, fetchers, forms, RSC helpers) in every page's first
// JavaScript; sharing this module instead lets webpack
// drop the rest of react-router. It is still one copy per page (the router's context must be one).
// An app needs another react-router API: add it here (and import it from '@shop/shared/router').
export {
  BrowserRouter,
  Link,
  MemoryRouter,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Routes,
  StaticRouter,
  useLocation,
  useNavigate,
  useNavigationType,
  useParams,
  useSearchParams,
} from 'react-router-dom';
export type { LinkProps, Location, NavigateFunction, NavLinkProps } from 'react-router-dom';
