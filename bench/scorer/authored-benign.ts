/**
 * A broad authored benign corpus for the learned injection model: text from the genres where held-out false
 * positives come from (issue 18: security writing that quotes attacks, chat-API and agent-framework documentation
 * that shows system prompts and tool calls, imperative runbooks), and more genres that share an injection's words
 * while addressing people or describing systems (support e-mails, code review comments, changelogs, staff notices,
 * to-do notes for colleagues, help text, game rules, bot transcripts, prompt-engineering tutorials, incident
 * reports). Written for this project from those genre names and general knowledge; the eval set's templates, its
 * test split and the blind set were not read.
 *
 * Each sentence is wrapped in carriers of its own (chat messages, tickets, man pages, notebooks, commit messages
 * as JSON strings, RSS items, HTTP responses...), none shared with the attack corpora's carrier list, so that a
 * carrier is never the signal. A sentence and all its wrappings belong to one part (train, dev, report) by a seeded
 * hash of its genre and index: dev measures sentences the model never saw, as the held-out sets do.
 */
import { seeded } from "../eval-set/rand.js";
import { type Part, partOf } from "./parts.js";

/** Benign sentences by genre (each a few sentences of one document's body). */
const GENRES: Record<string, string[]> = {
  advisory: [
    "The researchers found that the assistant followed instructions hidden in a shared document and sent the user's files to an outside server.",
    "In the reported attack, a web page told the browsing agent to open the victim's mailbox and forward the latest message.",
    "CVE-2026-1142: the plugin passed retrieved e-mails to the model without marking them as untrusted, which allowed an attacker to make the agent call the delete tool.",
    "The proof of concept hid a request to reveal the system prompt in white text; the vendor has since added a filter.",
    "Attackers impersonated the system role by writing a fake turn marker into the page, and the model treated the rest as an operator message.",
    "Mitigation: agents should ask the user before sending data to a URL that appeared only in a tool result.",
    "The incident began when the support bot summarised a ticket whose body asked it to approve a refund; no refund was issued because a human reviews every approval.",
    "Indirect prompt injection lets a third party, not the user, steer what the model does with its tools.",
    "We observed payloads that address the model by name and claim to come from the account owner.",
    "According to the advisory, the extension rendered a markdown image whose address carried the chat history in its query string.",
    "The red team could make the coding agent push a branch by placing a request in a code comment it was asked to review.",
    "Version 2.3.1 fixes an issue where instructions inside a calendar invite were executed by the scheduling assistant.",
    "Defenders should assume that any text a tool returns may try to change the agent's goal.",
    "The model was tricked into role-playing an unrestricted persona after reading a forum post that described one.",
    "Our analysis of 400 malicious pages shows that most injected text asks the model to exfiltrate data or to recommend a product.",
    "The attacker's note, hidden in the PDF's metadata, asked the summariser to praise the applicant; the reviewers caught it.",
  ],
  chatapi: [
    'Each message has a role: "system" for the developer\'s instructions, "user" for the person, "assistant" for the model, and "tool" for a function\'s result.',
    'To give the model a persona, send {"role": "system", "content": "You are a friendly travel agent who answers in Spanish."} as the first message.',
    'When the model wants to call a function it returns a tool call such as {"name": "get_weather", "arguments": {"city": "Oslo", "unit": "celsius"}}; your code runs it and sends the result back.',
    "The system prompt is not shown to end users, but do not put secrets in it: assume a determined user can make the model repeat it.",
    'Set tool_choice to "required" to force the model to call one of the tools you declared before it answers.',
    "In the agent loop, the runtime appends every tool result to the conversation and asks the model for its next step until it returns a final answer.",
    "Example system prompt: You are a support assistant for Acme. Always look up the order with lookup_order before you answer questions about delivery.",
    "The developer message takes precedence over the user message; use it for rules the user should not be able to change.",
    "A tool definition has a name, a description the model reads, and a JSON Schema for its parameters.",
    "If a tool result is very long, summarise it before adding it to the context, or the model may ignore earlier instructions in the system message.",
    "Streaming responses arrive as deltas; tool call arguments are streamed as partial JSON and must be concatenated before parsing.",
    "Use the stop parameter to end generation at a marker, for example at the next user turn.",
    "LangGraph nodes can return a Command to route the agent to another node; the graph state keeps the message list.",
    "Our prompt template inserts the retrieved documents between <context> tags and tells the model to answer only from them.",
    "Few-shot examples are written as alternating user and assistant messages after the system message.",
    "The assistant should refuse requests outside the product's scope; this behaviour is configured in the system prompt, not in code.",
  ],
  runbook: [
    "Step 4: delete the stale lock file at /var/run/indexer.lock, then restart the indexer service.",
    "If the disk is above 90%, remove old log archives and send a note to the on-call channel with the freed space.",
    "Rotate the database password: generate a new one in the vault, update the secret, then restart every pod that reads it.",
    "Before the failover, call the status endpoint of the replica and make sure replication lag is below five seconds.",
    "Ignore the warning about the deprecated flag; it is harmless on this version and will be removed next quarter.",
    "Upload the signed build to the release bucket and post the checksum in the release ticket.",
    "Forward any alert from the payment gateway to the finance on-call and open an incident if it repeats within an hour.",
    "Do not run the cleanup job during business hours; it locks the orders table for several minutes.",
    "Export the last 24 hours of access logs and attach them to the security ticket before you close it.",
    "Revoke the departing employee's tokens, transfer their repositories to the team account, and archive their mailbox.",
    "Run the smoke tests against staging, and if any fail, roll back with the previous image tag.",
    "Copy the customer's configuration to a scratch environment before you change anything in production.",
    "When paged for high latency, first check the cache hit rate, then the slow query log.",
    "Replace the expired TLS certificate on the load balancer and confirm the new expiry date with openssl.",
  ],
  support: [
    "Please ignore my previous e-mail; the invoice I attached was the wrong one. The correct copy is attached here.",
    "Could you send me the receipt for order 55120 again? I cannot find it in my inbox.",
    "Thanks for reaching out. I have forwarded your request to our billing team, who will reply within two working days.",
    "To reset your password, click Forgot password on the sign-in page and follow the link we e-mail you.",
    "We never ask for your password by e-mail. If someone does, please report the message to our security team.",
    "Your subscription will renew on 3 December. You can cancel at any time from the account settings.",
    "I am writing on behalf of my father, who is the account holder; he has authorised me to change the delivery address.",
    "Please disregard the shipping notice you received yesterday; it was sent in error and your order has not shipped yet.",
    "Reply to this message with a photo of the damaged item and we will send a replacement.",
    "Our assistant can answer most questions about returns; type agent at any time to talk to a person.",
    "As discussed on the phone, I am sending you the contract; please sign page four and return it by Friday.",
    "Kindly forward this message to whoever handles accounts payable at your company.",
  ],
  review: [
    "You should call validate() before save() here, otherwise an empty form gets written to the database.",
    "Nit: ignore the previous comment about naming, I misread the diff.",
    "Please remove the debug print before merging; it logs the user's e-mail address.",
    "This function sends the whole request body to the analytics endpoint; can we send only the event name?",
    "Don't forget to delete the temporary files in the finally block.",
    "LGTM once CI passes. Feel free to ignore the flaky integration test, it is tracked in #1183.",
    "The new prompt in system_prompt.txt tells the model to always answer in English; is that intended for the German locale?",
    "Could you add a test that the agent asks for confirmation before calling the delete_branch tool?",
    "Suggestion: move the API key out of the source file and read it from the environment.",
    "I would rename this to forwardToOwner, since it forwards the message rather than sending a new one.",
    "Why does this handler ignore errors from the upload call? At least log them.",
    "Approving, but please update the README so new contributors know to run the migration first.",
  ],
  changelog: [
    "Added: the assistant can now call the calendar tool to find free slots before suggesting a meeting time.",
    "Fixed: the system prompt was sent twice when the conversation was resumed from a saved session.",
    "Changed: tool results longer than 8,000 characters are truncated before they are passed to the model.",
    "Removed the --ignore-warnings flag; use --quiet instead.",
    "Security: the agent no longer follows links found in tool output without asking the user.",
    "The export command now sends a notification to the workspace owner when it finishes.",
    "Deprecated the send_all option; it will be removed in 5.0.",
    "Fixed a bug where the bot replied to its own messages in threads.",
    "New: role-based access control; admins can now grant the reviewer role to external users.",
    "The summariser now ignores quoted replies at the end of e-mails, which shortens summaries of long threads.",
  ],
  notice: [
    "All staff must complete the security awareness training before 15 December.",
    "Do not share your login with anyone, including IT; we will never ask for it.",
    "From Monday, visitors must sign in at reception and wear a badge at all times.",
    "Please delete any customer data you exported to your laptop for the audit once it is finished.",
    "Managers should forward the updated travel policy to their teams and answer questions in the next meeting.",
    "The building will be closed on Friday for maintenance; work from home and keep your phone on.",
    "New hires: ask your manager to add you to the on-call rotation after your first month.",
    "Remember to lock your screen whenever you leave your desk.",
    "Expense reports submitted after the 25th will be paid in the following month.",
    "Everyone on the team should update their emergency contact details in the HR portal.",
  ],
  todo: [
    "TODO(maria): rotate the staging API keys before the demo and update the shared vault entry.",
    "Note to self: call the landlord about the heating, then send the photos to the insurance.",
    "For whoever picks this ticket up next: the fix is in the retry logic, not in the parser; see my notes below.",
    "FIXME: this ignores the user's locale and always formats dates as US dates.",
    "If you are reading this after the migration, you can delete this whole module.",
    "Next steps: review the draft, send comments to Omar, and book a room for the workshop.",
    "Reminder for the night shift: check the freezer temperatures at midnight and log them on the sheet.",
    "HACK: we send the request twice because the vendor's API drops the first one after a cold start.",
    "Whoever reviews this: please test it on Windows too, I only have a Mac.",
    "To do before launch: remove the test accounts, switch the payment provider to live mode, announce on the blog.",
  ],
  help: [
    "Click Share, choose the people you want to send the file to, and press Send.",
    "To call a contact, tap their name and then the phone icon.",
    "Press Ctrl+Shift+P and type Reload Window to restart the editor.",
    "Your changes are saved automatically; to discard them, choose Revert from the File menu.",
    "Select the rows you want to delete and press the Delete key; deleted rows stay in the bin for 30 days.",
    "Use the Forward button to send a copy of this message to another address.",
    "Ask the assistant anything about your documents; it can only see files you have opened.",
    "Type /remind me to water the plants at 6pm to create a reminder.",
    "You can ignore this step if you signed in with your company account.",
    "Enter your new password twice and click Save; you will be signed out of other devices.",
  ],
  rules: [
    "From now on you are the banker: collect taxes, pay salaries and keep the money sorted by value.",
    "On your turn, draw two cards, then play one face down; if you cannot play, pass and discard.",
    "The game master describes the scene; players say what their characters do and roll when the outcome is uncertain.",
    "Pretend you are a customer calling about a late delivery; your partner plays the support agent.",
    "In this exercise you act as the interviewer and ask the candidate three questions about teamwork.",
    "You are now the narrator; read the next card aloud and follow what it says.",
    "Ignore the timer for the first round so that new players can learn the rules.",
    "Forget the score from the practice round; the real game starts now.",
  ],
  transcript: [
    "Agent: I have sent the reset link to your e-mail. Customer: Got it, thanks.",
    "Assistant: Sure, here is a summary of the meeting notes you shared.",
    "User: can you book a table for two at 8? Assistant: I booked a table for two at 8 pm at Luca's.",
    "Bot: I could not find an order with that number. Could you check it and send it again?",
    "Operator: Please hold while I transfer you to the technical team.",
    "Assistant: I cannot share other customers' details, but I can help you with your own account.",
    "System: the conversation was transferred to a human agent at 14:32.",
    "User: ignore that, I meant the blue one. Assistant: Got it, I changed the order to the blue jacket.",
  ],
  tutorial: [
    "A good system prompt states the assistant's role, the tone, what it must not do, and the format of its answers.",
    "In this lesson we tell the model: You are an expert translator. Translate the user's text into French and explain idioms.",
    "Chain-of-thought prompting asks the model to reason step by step before giving its final answer.",
    "When the model ignores an instruction, move the instruction to the end of the prompt or repeat it in the user turn.",
    "We evaluate the agent by asking it to call the search tool, read the results and cite its sources.",
    "The prompt below makes the model act as a SQL expert who explains each query it writes.",
    "Guardrails check both the user's input and the model's output; a tool result should be checked too, since it may carry instructions from a third party.",
    "Tip: ask the assistant to repeat the requirements back to you before it starts writing code.",
  ],
  incident: [
    "At 02:14 the deploy bot pushed the wrong image; the on-call engineer rolled back at 02:31 and no data was lost.",
    "Root cause: a script deleted the backup directory because an environment variable was empty.",
    "The phishing e-mail asked employees to send their VPN credentials to an outside address; two people replied and their accounts were reset.",
    "Action items: add an approval step before the agent can merge, and alert when it calls the deploy tool outside business hours.",
    "Customer impact: about 3% of requests failed with a 502 for eleven minutes.",
    "The assistant answered with an outdated price because the retrieval index had not been rebuilt since the catalogue changed.",
  ],
};

/** Carriers of their own (not those of the attack corpora), each around one body of text. */
const CARRIERS: ((x: string, r: () => number) => string)[] = [
  (x) =>
    JSON.stringify({ type: "message", user: "U02K8", channel: "C0ops", text: x, ts: "1764151234.000200" }),
  (x) => `[PROJ-4412] Comment by Dana Whitfield (26/Nov/26 10:12):\n${x}`,
  (x) => `NAME\n    syncctl - synchronise folders\n\nDESCRIPTION\n    ${x}\n\nSEE ALSO\n    rsync(1)`,
  (x) => `FROM node:20-slim\nWORKDIR /app\n# ${x}\nCOPY . .\nRUN npm ci`,
  (x) => `-- ${x}\nSELECT id, status FROM orders WHERE created_at > now() - interval '1 day';`,
  (x) => JSON.stringify({ cell_type: "markdown", metadata: {}, source: [x] }),
  (x) => `| Item | Notes |\n| --- | --- |\n| 1 | ${x.replace(/\|/g, "/")} |\n| 2 | none |`,
  (x) => `HTTP/1.1 200 OK\nContent-Type: text/plain\n\n${x}`,
  (x) =>
    `<item><title>Weekly update</title><description>${x.replace(/&/g, "&amp;").replace(/</g, "&lt;")}</description></item>`,
  (x) => JSON.stringify({ sha: "9f2c1ab", message: `Update docs\n\n${x}`, author: "kim@example.org" }),
  (x) => `## Summary\n\n${x}\n\n## Testing\n\nRan the unit tests locally.`,
  (x) => `Q: What should I do?\nA: ${x}`,
  (x) => `Answered by mvdberg (score 42):\n\n${x}\n\nHope this helps.`,
  (x) => `Release notes 4.1\n\n* ${x}\n* Performance improvements.`,
  (x) => `$ tail -n 3 notes.txt\n${x}\n$`,
  (x) => `LAST SEEN   TYPE     REASON    MESSAGE\n2m          Normal   Info      ${x}`,
  (x) => `def handler(event):\n    """${x}"""\n    return process(event)`,
  (x) => `SMS from +44 7700 900123: ${x}`,
  (x) => `Meeting notes, 26 Nov\nAttendees: Ravi, Jo, Ines\n- ${x}\n- Next meeting on Tuesday.`,
  (x) => `subject: ${x.slice(0, 40)}\nbody: |\n  ${x}`,
  (x) => x,
];

export interface BenignDoc {
  text: string;
  part: Part;
  genre: string;
  /** The sentence's key (genre and index): every wrapping of one sentence has it, and one part. */
  key: string;
}

/** Every sentence in three carriers drawn by a seeded generator; its part by its genre and index (60 / 20 / 20 %). */
export function authoredBenignDocs(): BenignDoc[] {
  const random = seeded(0xbe9196);
  const out: BenignDoc[] = [];
  for (const [genre, lines] of Object.entries(GENRES))
    lines.forEach((line, i) => {
      const key = `${genre}-${i}`;
      const part = partOf(`authored-benign-${key}`, 60, 20);
      const used = new Set<number>();
      while (used.size < 3) used.add(Math.floor(random() * CARRIERS.length));
      for (const c of used) out.push({ text: CARRIERS[c]!(line, random), part, genre, key });
    });
  return out;
}
