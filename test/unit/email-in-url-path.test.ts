import { describe, expect, it } from "vitest";
import { createPiiDetectors } from "../../src/engine/detectors/pii/index.js";
import type { TextMatch } from "../../src/engine/types.js";

const emails = (text: string) => {
  const out: TextMatch[] = [];
  for (const detector of createPiiDetectors({ types: ["email"] })) detector.detect(text, out);
  return out.map((m) => text.slice(m.start, m.end));
};

// server-everything's gzip-file-as-resource puts the name it is given into a resource link's URI
// (`demo://resource/session/<name>`); the adapter hands that URI to the model. Userinfo cannot hold `/`, so an
// address after a path segment is an address, not URL userinfo.
describe("an e-mail address inside a URL path", () => {
  it("is found after a scheme and a path", () => {
    expect(emails("demo://resource/session/jane.roe@example.com.gz")).toHaveLength(1);
    expect(emails("https://files.example/users/jane.roe@example.com/avatar")).toHaveLength(1);
  });

  it("URL userinfo stays the url_credentials detector's", () => {
    expect(emails("https://user:pw@example.com/path")).toEqual([]);
    expect(emails("ftp://anonymous@ftp.example.org/pub")).toEqual([]);
  });
});
