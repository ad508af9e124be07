// make bench, part w: the first load of the login page and of the dashboard (as the demo RMD)
// against a running portald (PORTAL_URL), in Debian's Chromium. Prints figures, asserts nothing.
//
// 1. Transfer sizes: a fresh browser context (empty cache) per page; every response is counted
//    through CDP (Network.loadingFinished encodedDataLength: body as sent, compressed, plus the
//    response headers) and grouped by resource type. The dashboard's context carries the
//    session (localStorage) of a login made beforehand; its cache is empty too.
// 2. Lighthouse (default mobile settings: emulated Moto G Power, simulated slow 4G and 4× CPU)
//    on both pages, LH_RUNS times each (median shown). The dashboard runs in a profile directory
//    where Playwright logged in (the token lives in localStorage), with --disable-storage-reset
//    so that Lighthouse keeps the session; the HTTP and code caches of that profile are deleted
//    before every run, so each run is a first load as well.
//
// Environment: PORTAL_URL (required), CHROMIUM_PATH (/usr/bin/chromium), LH_RUNS (3),
// BENCH_WEB_OUT (markdown copy of the output; default ../../.bench/web.md).
import { spawn } from "node:child_process";
import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import http from "node:http";
import { cpus, loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
// The demo user, Chromium's flags, the login and the acknowledgements, as the web app's
// end-to-end runs have them (its bare imports resolve from web/node_modules, which the
// `make build` before `make bench` installs).
import {
  CHROMIUM,
  FLAGS,
  RMD,
  acknowledgeAll,
  launchBrowser,
  login,
} from "../../web/e2e/browser.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const BASE = (process.env.PORTAL_URL ?? "").replace(/\/$/, "");
if (!BASE) {
  console.error(
    "first-load: set PORTAL_URL to a running portald, e.g. http://127.0.0.1:8080",
  );
  process.exit(2);
}
const LH_RUNS = Math.max(1, Number(process.env.LH_RUNS ?? 3));
const OUT =
  process.env.BENCH_WEB_OUT ?? join(here, "..", "..", ".bench", "web.md");
const REPORTS = join(dirname(OUT), "lighthouse"); // every run's JSON report, for a closer look
const GOAL = { js: 150 * 1024, css: 40 * 1024, score: 95 };

const PAGES = [
  {
    name: "login",
    path: "/login",
    ready: (page) => page.getByRole("button", { name: "Log in" }).waitFor(),
  },
  {
    name: "dashboard",
    path: "/",
    session: true,
    ready: (page) =>
      page.getByRole("heading", { name: "Needs your attention" }).waitFor(),
  },
];

const out = [];
function line(text = "") {
  out.push(text);
  console.log(text);
}

const kB = (n) => `${(n / 1024).toFixed(1)} kB`;
const ms = (n) =>
  n == null
    ? "–"
    : n >= 1000
      ? `${(n / 1000).toFixed(2)} s`
      : `${Math.round(n)} ms`;
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");

// ---------------------------------------------------------------------------------------------
// The session: log in as the RMD in a persistent profile, acknowledge whatever waits (so that
// `/` is the dashboard and not the acknowledgements gate), keep the storage state for the
// transfer-size run and the profile directory for Lighthouse.

async function makeSession(profile) {
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: FLAGS,
    baseURL: BASE,
    viewport: { width: 1280, height: 900 },
  });
  try {
    context.setDefaultTimeout(20_000);
    const page = context.pages()[0] ?? (await context.newPage());
    await login(page, RMD);
    await acknowledgeAll(page);
    await page.goto("/");
    await PAGES[1].ready(page);
    const state = await context.storageState();
    const token = state.origins
      .find((o) => o.origin === new URL(BASE).origin)
      ?.localStorage.find((e) => e.name === "portal.token");
    if (!token)
      throw new Error("no portal.token in localStorage after the login");
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.clearBrowserCache");
    return state;
  } finally {
    await context.close(); // writes localStorage to the profile
  }
}

// ---------------------------------------------------------------------------------------------
// Transfer sizes through CDP.

const TYPES = {
  Script: "js",
  Stylesheet: "css",
  Document: "html",
  Fetch: "api",
  XHR: "api",
};

async function firstLoad(browser, spec, storageState) {
  const context = await browser.newContext({
    baseURL: BASE,
    viewport: { width: 1280, height: 900 },
    storageState,
  });
  context.setDefaultTimeout(30_000);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Audits.enable");
  const issues = [];
  cdp.on("Audits.issueAdded", ({ issue }) => {
    const d = Object.values(issue.details ?? {})[0] ?? {};
    const at = d.sourceCodeLocation;
    const where = at
      ? ` in ${new URL(at.url).pathname}:${at.lineNumber + 1}:${at.columnNumber + 1}`
      : "";
    const what = [d.violatedDirective, d.contentSecurityPolicyViolationType]
      .filter(Boolean)
      .join(" ");
    issues.push(`${issue.code}${what ? ` (${what})` : ""}${where}`);
  });
  page.on("console", (m) => {
    if (m.type() === "error")
      issues.push(`console error: ${m.text().slice(0, 200)}`);
  });
  page.on("pageerror", (e) =>
    issues.push(`page error: ${e.message.slice(0, 200)}`),
  );
  const requests = new Map();
  const get = (id) => requests.get(id) ?? requests.set(id, { id }).get(id);
  cdp.on("Network.requestWillBeSent", (e) => {
    Object.assign(get(e.requestId), { url: e.request.url, type: e.type });
  });
  cdp.on("Network.requestWillBeSentExtraInfo", (e) => {
    const h = Object.fromEntries(
      Object.entries(e.headers).map(([k, v]) => [k.toLowerCase(), v]),
    );
    get(e.requestId).acceptEncoding = h["accept-encoding"];
  });
  cdp.on("Network.responseReceived", (e) => {
    const h = Object.fromEntries(
      Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), v]),
    );
    Object.assign(get(e.requestId), {
      url: e.response.url,
      type: e.type,
      status: e.response.status,
      encoding: h["content-encoding"] ?? "none",
      headerBytes: e.response.encodedDataLength,
      cached: e.response.fromDiskCache || e.response.fromMemoryCache,
    });
  });
  cdp.on("Network.dataReceived", (e) => {
    const r = get(e.requestId);
    r.decoded = (r.decoded ?? 0) + e.dataLength;
  });
  cdp.on("Network.loadingFinished", (e) => {
    get(e.requestId).transfer = e.encodedDataLength;
  });
  const started = Date.now();
  await page.goto(spec.path);
  await spec.ready(page);
  await page.waitForLoadState("networkidle");
  const elapsed = Date.now() - started;
  const finalPath = new URL(page.url()).pathname;
  await context.close();

  const rows = [...requests.values()]
    .filter((r) => r.transfer != null && r.url?.startsWith("http"))
    .map((r) => ({
      ...r,
      kind:
        TYPES[r.type] ??
        (r.type === "Font" ? "font" : r.type === "Image" ? "image" : "other"),
      body: r.transfer - (r.headerBytes ?? 0),
      name: new URL(r.url).pathname + new URL(r.url).search,
    }));
  const sum = (kind, field) =>
    rows
      .filter((r) => !kind || r.kind === kind)
      .reduce((n, r) => n + (r[field] ?? 0), 0);
  const count = (kind) => rows.filter((r) => r.kind === kind).length;
  return {
    spec,
    rows,
    sum,
    count,
    elapsed,
    finalPath,
    issues: [...new Set(issues)],
  };
}

/** Bytes of the body of `path` when asked for one encoding (node:http does not decompress). */
function sizeAs(path, encoding) {
  return new Promise((resolve, reject) => {
    const req = http.get(
      `${BASE}${path}`,
      { headers: { "Accept-Encoding": encoding } },
      (res) => {
        let n = 0;
        res.on("data", (chunk) => (n += chunk.length));
        res.on("end", () =>
          resolve({
            bytes: n,
            encoding: res.headers["content-encoding"] ?? "identity",
          }),
        );
        res.on("error", reject);
      },
    );
    req.on("error", reject);
  });
}

// ---------------------------------------------------------------------------------------------
// Lighthouse.

function lcpElement(lhr) {
  const details = lhr.audits["lcp-breakdown-insight"]?.details?.items ?? [];
  const node = details.find((d) => d.type === "node");
  return node
    ? `${node.selector} ("${(node.nodeLabel ?? "").slice(0, 60)}")`
    : undefined;
}

function lighthouseOnce(path, { profile, reportCopy } = {}) {
  const dir = mkdtempSync(join(tmpdir(), "portal-lh-"));
  const report = join(dir, "report.json");
  const chromeFlags = [...FLAGS];
  if (profile) {
    // Cold caches, kept session: remove the HTTP and V8 code caches of the profile.
    for (const d of [
      "Cache",
      "Code Cache",
      "GPUCache",
      "DawnGraphiteCache",
      "DawnWebGPUCache",
    ]) {
      rmSync(join(profile, "Default", d), { recursive: true, force: true });
    }
    chromeFlags.unshift(`--user-data-dir=${profile}`);
  }
  const args = [
    join(here, "node_modules", "lighthouse", "cli", "index.js"),
    `${BASE}${path}`,
    "--output=json",
    `--output-path=${report}`,
    "--only-categories=performance,accessibility,best-practices",
    `--chrome-flags=${chromeFlags.join(" ")}`,
    "--quiet",
  ];
  if (profile) args.push("--disable-storage-reset");
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      env: { ...process.env, CHROME_PATH: CHROMIUM },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (d) => (stderr += d));
    const timer = setTimeout(() => child.kill("SIGKILL"), 180_000);
    child.on("exit", (code) => {
      clearTimeout(timer);
      try {
        if (code !== 0)
          throw new Error(
            `lighthouse exited with ${code}: ${stderr.slice(-2000)}`,
          );
        const lhr = JSON.parse(readFileSync(report, "utf8"));
        const audit = (id) => lhr.audits[id]?.numericValue;
        const score = (id) =>
          lhr.categories[id]?.score == null
            ? null
            : Math.round(lhr.categories[id].score * 100);
        // Audits that cost points, with what they found first (an element, an issue, a file).
        const failing = (id) =>
          (lhr.categories[id]?.auditRefs ?? [])
            .filter((ref) => ref.weight > 0)
            .map((ref) => lhr.audits[ref.id])
            .filter((a) => a && a.score != null && a.score < 0.9)
            .map((a) => {
              const item = a.details?.items?.[0];
              const what =
                item?.node?.explanation?.split("\n").slice(-1)[0]?.trim() ||
                item?.node?.selector ||
                (item?.issueType &&
                  `${item.issueType}: see the issues of the first load above`) ||
                "";
              const where = item?.node?.selector
                ? ` at \`${item.node.selector}\``
                : "";
              return `${a.id}${what && what !== item?.node?.selector ? ` (${what.slice(0, 220)}${where})` : where}`;
            });
        const wasted = (id) =>
          (lhr.audits[id]?.details?.items ?? []).reduce(
            (n, i) => n + (i.wastedBytes ?? 0),
            0,
          );
        if (reportCopy) writeFileSync(reportCopy, JSON.stringify(lhr));
        resolve({
          finalPath: new URL(lhr.finalDisplayedUrl).pathname,
          performance: score("performance"),
          accessibility: score("accessibility"),
          bestPractices: score("best-practices"),
          fcp: audit("first-contentful-paint"),
          lcp: audit("largest-contentful-paint"),
          tbt: audit("total-blocking-time"),
          cls: audit("cumulative-layout-shift"),
          si: audit("speed-index"),
          bytes: audit("total-byte-weight"),
          warnings: lhr.runWarnings ?? [],
          runtimeError: lhr.runtimeError?.message,
          unusedJs: wasted("unused-javascript"),
          unusedCss: wasted("unused-css-rules"),
          lcpElement: lcpElement(lhr),
          failing: {
            performance: failing("performance"),
            accessibility: failing("accessibility"),
            "best-practices": failing("best-practices"),
          },
        });
      } catch (error) {
        reject(error);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });
}

function median(values) {
  const v = values.filter((x) => x != null).sort((a, b) => a - b);
  if (v.length === 0) return null;
  return v.length % 2
    ? v[(v.length - 1) / 2]
    : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
}

function spread(values, fmt = (x) => String(x)) {
  const v = values.filter((x) => x != null);
  const m = median(v);
  if (m == null) return "–";
  const lo = Math.min(...v);
  const hi = Math.max(...v);
  return lo === hi ? fmt(m) : `${fmt(m)} (${fmt(lo)}–${fmt(hi)})`;
}

// ---------------------------------------------------------------------------------------------

const profile = mkdtempSync(join(tmpdir(), "portal-bench-profile-"));
try {
  const browser = await launchBrowser();
  const version = browser.version();
  await browser.close();

  line(
    `## Web: first load (issue 8) ${new Date().toISOString().replace(/\.\d+Z$/, "Z")}`,
  );
  line();
  line(
    `portald at ${BASE} (fresh data dir, demo seed); Chromium ${version} headless; ` +
      `${cpus().length} × ${cpus()[0]?.model?.trim() ?? "CPU"}; load average at the start ${load()}.`,
  );
  line();

  const state = await makeSession(profile);

  // 1. Transfer sizes.
  const loads = [];
  {
    const b = await launchBrowser();
    try {
      for (const spec of PAGES)
        loads.push(await firstLoad(b, spec, spec.session ? state : undefined));
    } finally {
      await b.close();
    }
  }
  line("### Transfer sizes (cold cache, compressed as sent)");
  line();
  line(
    "A fresh browser context per page (empty cache), 1280×900, Chromium asking for " +
      `\`${loads[0].rows.find((r) => r.acceptEncoding)?.acceptEncoding ?? "?"}\`; until the page ` +
      "shows and the network is idle. Transferred = body as sent plus response headers " +
      "(what DevTools shows); body = compressed body alone. kB = 1,024 bytes.",
  );
  line();
  line(
    "| page | JS files | JS transferred | JS body | goal ≤ 150 kB | CSS files | CSS transferred | CSS body | goal ≤ 40 kB | HTML | API (requests) | other | total transferred | JS + CSS uncompressed |",
  );
  line("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|");
  for (const l of loads) {
    const js = l.sum("js", "transfer");
    const css = l.sum("css", "transfer");
    const other =
      l.sum("font", "transfer") +
      l.sum("image", "transfer") +
      l.sum("other", "transfer");
    const path =
      l.finalPath === l.spec.path
        ? l.spec.path
        : `${l.spec.path} → ${l.finalPath}`;
    line(
      `| ${l.spec.name} (\`${path}\`) | ${l.count("js")} | **${kB(js)}** | ${kB(l.sum("js", "body"))} | ${js <= GOAL.js ? "met" : `**not met** (${(js / GOAL.js).toFixed(1)}×)`} ` +
        `| ${l.count("css")} | **${kB(css)}** | ${kB(l.sum("css", "body"))} | ${css <= GOAL.css ? "met" : `**not met** (${(css / GOAL.css).toFixed(1)}×)`} ` +
        `| ${kB(l.sum("html", "transfer"))} | ${kB(l.sum("api", "transfer"))} (${l.count("api")}) | ${kB(other)} | ${kB(l.sum(null, "transfer"))} | ${kB(l.sum("js", "decoded") + l.sum("css", "decoded"))} |`,
    );
  }
  line();

  // Every JS and CSS file, largest first, with what each encoding costs.
  const assets = new Map();
  for (const l of loads) {
    for (const r of l.rows.filter((r) => r.kind === "js" || r.kind === "css")) {
      const a = assets.get(r.name) ?? { ...r, pages: [] };
      a.pages.push(l.spec.name);
      assets.set(r.name, a);
    }
  }
  for (const a of assets.values()) {
    const [br, gz, raw] = await Promise.all(
      ["br", "gzip", "identity"].map((e) => sizeAs(a.name, e)),
    );
    Object.assign(a, { br, gz, raw });
  }
  // precompress.mjs leaves files under 1 kB as they are; anything larger sent plain means
  // the embedded build was not precompressed.
  const uncompressed = [...assets.values()].filter(
    (a) => a.encoding === "none" && a.raw.bytes >= 1024,
  );
  const small = [...assets.values()].filter(
    (a) => a.encoding === "none" && a.raw.bytes < 1024,
  );
  line(
    "JS and CSS files of the two first loads, largest first (sizes of the body; br, gzip and",
  );
  line(
    "uncompressed as portald sends them when asked for that encoding alone):",
  );
  line();
  line(
    "| file | type | pages | sent as | transferred | br | gzip | uncompressed |",
  );
  line("|---|---|---|---|---|---|---|---|");
  for (const a of [...assets.values()].sort(
    (x, y) => y.transfer - x.transfer,
  )) {
    const asBr = a.br.encoding === "br" ? kB(a.br.bytes) : "(no .br)";
    const asGz = a.gz.encoding === "gzip" ? kB(a.gz.bytes) : "(no .gz)";
    line(
      `| \`${a.name.replace(/^\/assets\//, "")}\` | ${a.kind} | ${a.pages.join(", ")} | ${a.encoding} | ${kB(a.transfer)} | ${asBr} | ${asGz} | ${kB(a.raw.bytes)} |`,
    );
  }
  line();
  const headers = loads.map(
    (l) =>
      `${l.spec.name} ${kB(l.sum(null, "headerBytes"))} in ${l.rows.length} responses`,
  );
  line(
    `Response headers (counted in "transferred"; HTTP/1.1 here, HTTP/2 would compress them): ${headers.join(", ")}.` +
      (small.length
        ? ` ${small.length} files under 1 kB are sent as they are (precompress.mjs skips them).`
        : ""),
  );
  line();
  for (const l of loads) {
    if (l.issues.length)
      line(
        `Issues the browser reported while loading ${l.spec.name}: ${l.issues.join("; ")}.`,
      );
  }
  if (loads.some((l) => l.issues.length)) line();
  if (uncompressed.length > 0) {
    line(
      `**Warning:** ${uncompressed.length} JS/CSS files were sent uncompressed: this portald's ` +
        "embedded web/dist has no precompressed copies (build it with `make build`, which runs " +
        "web/scripts/precompress.mjs, before `make bench`).",
    );
    line();
  }

  // 2. Lighthouse.
  mkdirSync(REPORTS, { recursive: true });
  line(
    `### Lighthouse ${JSON.parse(readFileSync(join(here, "node_modules", "lighthouse", "package.json"), "utf8")).version}, default mobile settings`,
  );
  line();
  line(
    `Median of ${LH_RUNS} runs per page (LH_RUNS; range in brackets); goal ≥ ${GOAL.score} for each score. ` +
      "Simulated throttling: the timings are estimates from the trace, and CPU time on a loaded " +
      "machine still moves them.",
  );
  line();
  line(
    "| page | performance | accessibility | best practices | FCP | LCP | TBT | CLS | speed index | bytes (Lighthouse) | load avg |",
  );
  line("|---|---|---|---|---|---|---|---|---|---|---|");
  const notes = [];
  for (const spec of PAGES) {
    const runs = [];
    for (let i = 0; i < LH_RUNS; i++) {
      // A run can fail on a busy machine (NO_NAVSTART, NO_FCP): try it again, twice at most.
      let r;
      for (let attempt = 1; !r; attempt++) {
        try {
          r = await lighthouseOnce(spec.path, {
            profile: spec.session ? profile : undefined,
            reportCopy: join(REPORTS, `${spec.name}-${i + 1}.json`),
          });
        } catch (error) {
          const why =
            error.message.split("\n").find((l) => l.trim()) ?? error.message;
          notes.push(
            `${spec.name}: run ${i + 1}, attempt ${attempt} failed: ${why.slice(0, 200)}`,
          );
          if (attempt === 3) break;
        }
      }
      if (!r) continue;
      r.load = loadavg()[0];
      runs.push(r);
      if (r.finalPath !== spec.path)
        notes.push(`${spec.name}: run ${i + 1} ended on ${r.finalPath}`);
      if (r.runtimeError)
        notes.push(`${spec.name}: run ${i + 1}: ${r.runtimeError}`);
    }
    if (runs.length === 0) {
      line(
        `| ${spec.name} (\`${spec.path}\`) | no run finished | | | | | | | | | |`,
      );
      continue;
    }
    const pick = (k) => runs.map((r) => r[k]);
    const fmtScore = (x) => String(Math.round(x));
    line(
      `| ${spec.name} (\`${spec.path}\`) | **${spread(pick("performance"), fmtScore)}** | **${spread(pick("accessibility"), fmtScore)}** | ` +
        `**${spread(pick("bestPractices"), fmtScore)}** | ${spread(pick("fcp"), ms)} | ${spread(pick("lcp"), ms)} | ` +
        `${spread(pick("tbt"), ms)} | ${spread(pick("cls"), (x) => x.toFixed(3))} | ${spread(pick("si"), ms)} | ` +
        `${spread(pick("bytes"), kB)} | ${spread(pick("load"), (x) => x.toFixed(1))} |`,
    );
    const failing = new Map();
    for (const r of runs) {
      for (const [cat, ids] of Object.entries(r.failing)) {
        for (const id of ids) failing.set(`${cat}: ${id}`, true);
      }
      for (const w of r.warnings) notes.push(`${spec.name}: ${w}`);
    }
    notes.push(
      `${spec.name}: LCP element ${runs[0].lcpElement ?? "?"}; unused (Lighthouse estimate, first run): ` +
        `JS ${kB(runs[0].unusedJs)}, CSS ${kB(runs[0].unusedCss)}`,
    );
    if (failing.size > 0) {
      notes.push(
        `${spec.name}: audits below 90 in some run: ${[...failing.keys()].join("; ")}`,
      );
    }
  }
  line();
  for (const n of [...new Set(notes)]) line(`- ${n}`);
  if (notes.length) line();
  line(
    `Load average at the end: ${load()}. Lighthouse reports: ${REPORTS}/<page>-<run>.json.`,
  );
} finally {
  rmSync(profile, { recursive: true, force: true });
  mkdirSync(dirname(OUT), { recursive: true });
  writeFileSync(OUT, `${out.join("\n")}\n`);
}
