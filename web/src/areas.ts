// The console's areas, one line each: routes and navigation of a part of the console (see app/area.ts).
export { businessArea } from './business/area';
