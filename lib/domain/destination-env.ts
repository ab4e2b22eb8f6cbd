// Environment variables that change what a command runs or where it sends what it is given:
// preloaded code, search paths, interpreters' and package managers' settings, proxies, CA
// bundles. A stdio server added through the UI or API may not set them when only allow-listed
// commands run (lib/auth/hosting.ts).
export const DESTINATION_ENV =
  /^(PATH|HOME|SHELL|ENV|BASH_ENV|CDPATH|TMPDIR|CLASSPATH|IFS|SSL_CERT_(FILE|DIR)|REQUESTS_CA_BUNDLE|CURL_CA_BUNDLE|OPENSSL_.*|GCONV_PATH|(HTTPS?|ALL|NO|FTP)_PROXY|NODE_.*|NPM_.*|NPX_.*|YARN_.*|PNPM_.*|COREPACK_.*|LD_.*|DYLD_.*|PYTHON.*|PIP_.*|UV_.*|PIPX_.*|VIRTUAL_ENV|CONDA_.*|PERL.*|RUBY.*|GEM_.*|BUNDLE_.*|JAVA_.*|_JAVA_.*|JDK_.*|MAVEN_.*|GRADLE_.*|DENO_.*|BUN_.*|GO.*|CARGO_.*|RUSTUP_.*|DOTNET_.*|GIT_.*|XDG_.*|COMPOSER.*)$/i;
