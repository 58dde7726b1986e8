# Puts Node 24 LTS first on PATH (docs/decisions/0191). On a machine whose `node` is older than
# 24 it installs the npm registry's `node` package (a Node binary with its C headers) once into
# ${XDG_CACHE_HOME:-$HOME/.cache}/palletline/node24, outside the repository. npm and npx then run
# on that Node too, and native addons (better-sqlite3) build against its headers
# (npm_config_nodedir), not the older Node's.
#
#   . scripts/node24.sh          # in this shell (bash or zsh): exports PATH and npm_config_nodedir
#   eval "$(bash scripts/node24.sh)"   # the same, from a shell that runs it: it prints the exports
#
# On a machine that already runs Node 24 or newer it changes nothing.
# shellcheck shell=bash

palletline_node24() {
  local version=24.21.0
  local dir="${XDG_CACHE_HOME:-${HOME:-/tmp}/.cache}/palletline/node24"
  local major
  major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
  if [ "$major" -ge 24 ]; then
    return 0
  fi
  local bin="$dir/node_modules/node/bin"
  if [ "$("$bin/node" -v 2>/dev/null)" != "v$version" ]; then
    echo "Installing Node $version into $dir (this machine's node is $(node -v 2>/dev/null || echo missing))" >&2
    mkdir -p "$dir" || return 1
    # --prefix keeps npm out of any project around the cache folder. The package's preinstall
    # fetches the platform's binary package (node-<os>-<arch>) from the same registry; the
    # folder's package.json allows that one install script (npm's allowScripts).
    echo '{ "private": true, "allowScripts": { "node": true } }' >"$dir/package.json"
    npm install --prefix "$dir" --no-audit --no-fund --no-save "node@$version" >&2 || return 1
    [ "$("$bin/node" -v 2>/dev/null)" = "v$version" ] || {
      echo "node@$version installed no working $bin/node" >&2
      return 1
    }
  fi
  local headers
  headers=$(dirname "$(dirname "$(ls -d "$dir"/node_modules/node/node_modules/node-*/include/node 2>/dev/null | head -1)")")
  PATH="$bin:$PATH"
  export PATH
  if [ -f "$headers/include/node/node_version.h" ]; then
    npm_config_nodedir=$headers
    export npm_config_nodedir
  fi
}

if (return 0 2>/dev/null); then
  # Sourced: change this shell.
  palletline_node24
  unset -f palletline_node24
else
  # Run: print what to eval.
  palletline_node24 || exit 1
  printf 'export PATH=%q\n' "$PATH"
  [ -z "${npm_config_nodedir:-}" ] || printf 'export npm_config_nodedir=%q\n' "$npm_config_nodedir"
fi
