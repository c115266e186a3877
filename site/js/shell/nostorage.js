// An IndexedDB in memory, for the global that imports this module: PyScript opens an
// IndexedDB map when it loads (in the page) and when it starts Python (in the Python worker,
// python.js): its package cache and its folders' store, unused here (the hall installs no
// packages and mounts no folder). It would fail to start where IndexedDB is refused (the
// embedded frame: a cross-origin iframe may have no storage, or a partitioned one), and opens a
// database per build in the worker otherwise, so it gets a map in memory instead: the few calls
// PyScript's IDBMap makes (open, an object store's get, put, delete, clear, count, getKey,
// getAllKeys), each answering asynchronously as IndexedDB does. The embedded page loads it
// before runtime.js (only there: the net layer keeps this device's key in the page's real
// IndexedDB); store.js keeps the hall's own data in memory the same way.

const answer = (value) => {
  const request = { result: value, onsuccess: null, onerror: null };
  setTimeout(() => request.onsuccess && request.onsuccess({ type: "success", target: request }));
  return request;
};

function memoryDatabase() {
  const stores = new Map();
  const names = {
    get length() {
      return stores.size;
    },
    contains: (n) => stores.has(n),
  };
  const db = {
    objectStoreNames: names,
    createObjectStore(name) {
      stores.set(name, new Map());
    },
    transaction(name) {
      const data = stores.get(name);
      const store = {
        get: (key) => answer(data.get(key)),
        getKey: (key) => answer(data.has(key) ? key : undefined),
        getAllKeys: () => answer([...data.keys()]),
        count: () => answer(data.size),
        put: (value, key) => (data.set(key, value), answer(key)),
        delete: (key) => (data.delete(key), answer(undefined)),
        clear: () => (data.clear(), answer(undefined)),
      };
      return { objectStore: () => store };
    },
    close() {},
  };
  return db;
}

const memoryIndexedDB = {
  open() {
    const db = memoryDatabase();
    const request = { result: db, onupgradeneeded: null, onsuccess: null, onerror: null };
    setTimeout(() => {
      if (request.onupgradeneeded) {
        const transaction = { oncomplete: null };
        request.onupgradeneeded({ type: "upgradeneeded", target: { result: db, transaction } });
        setTimeout(() => transaction.oncomplete && transaction.oncomplete({ type: "complete" }));
      } else if (request.onsuccess) request.onsuccess({ type: "success", target: request });
    });
    return request;
  },
};

Object.defineProperty(globalThis, "indexedDB", { value: memoryIndexedDB, configurable: true });

// A BroadcastChannel that reaches nobody, where the browser refuses one: PyScript's bridge to
// its worker (coincident) opens one in the page as it loads, when the page is not cross-origin
// isolated, for synchronous calls from the worker to the page that the hall never makes; Firefox
// refuses it (SecurityError) in a third-party frame whose storage is blocked, and PyScript
// would not load at all.
try {
  new BroadcastChannel("by-probe").close();
} catch {
  class Nowhere extends EventTarget {
    constructor(name) {
      super();
      this.name = String(name);
      this.onmessage = null;
      this.onmessageerror = null;
    }
    postMessage() {}
    close() {}
  }
  Object.defineProperty(globalThis, "BroadcastChannel", { value: Nowhere, configurable: true, writable: true });
}
