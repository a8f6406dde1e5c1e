// The console's areas, one line each: routes and navigation of a part of the console (see app/area.ts).

export { adminArea } from './admin/area';
export { affiliateArea } from './affiliate/area';
export { businessArea } from './business/area';
