import { Link } from 'react-router';
import { paths } from '../../config/paths';

/** Logo and product name, linking home. */
export function Brand() {
  return (
    <Link to={paths.home.getHref()} className="flex items-center gap-2 text-lg font-bold text-slate-900">
      <span aria-hidden="true" className="grid h-8 w-8 place-items-center rounded-lg bg-blue-700 text-xs text-white">
        FM
      </span>
      FreeMarket
    </Link>
  );
}
