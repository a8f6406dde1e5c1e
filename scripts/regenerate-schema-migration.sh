#!/usr/bin/env bash
# Before the first release the whole schema is one migration (0001_schema, after 0000_extensions):
# folding each branch's schema changes into it keeps merges simple. After a release, generate new
# migrations with `npm run db:generate` instead and never rewrite a released one. Hand-written migrations
# (0000_extensions, 0002_search_statistics) are not regenerated: move them aside and re-add them with
# `npx drizzle-kit generate --custom` after the schema, in their order.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=src/platform/db/migrations
find "$dir" -maxdepth 1 -name '0[0-9][0-9][0-9]_*.sql' ! -name '0000_extensions.sql' -delete
find "$dir/meta" -name '0*_snapshot.json' ! -name '0000_snapshot.json' -delete
node -e "
const fs=require('fs'); const p='$dir/meta/_journal.json';
const j=JSON.parse(fs.readFileSync(p,'utf8')); j.entries=j.entries.filter(e=>e.tag==='0000_extensions');
fs.writeFileSync(p, JSON.stringify(j,null,2)+'\n');"
npx drizzle-kit generate --name schema
