// JavaScriptCore in-process against a Node.js worker over framed JSON on pipes, alternating in
// rounds, on a trivial function and on one making one data call answered by the host.
//   cc -O2 engines.c $(pkg-config --cflags --libs javascriptcoregtk-4.1) -o engines && ./engines
#include <JavaScriptCore/JavaScript.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/types.h>
#include <arpa/inet.h>

static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec / 1e9; }

// --- JavaScriptCore
static JSGlobalContextRef ctx;
static JSObjectRef trivial, oneCall, resultHolder;
static JSValueRef hostData(JSContextRef c, JSObjectRef f, JSObjectRef t, size_t n, const JSValueRef a[], JSValueRef *e) {
    // The host reads the query as JSON and answers a document as JSON, as a data call would.
    JSStringRef q = JSValueCreateJSONString(c, a[0], 0, e);
    char buf[256]; JSStringGetUTF8CString(q, buf, sizeof buf); JSStringRelease(q);
    JSStringRef answer = JSStringCreateWithUTF8CString("{\"_id\": 7, \"name\": \"ann\"}");
    JSValueRef doc = JSValueMakeFromJSONString(c, answer); JSStringRelease(answer);
    return doc;
}
static JSObjectRef evaluate(const char *source) {
    JSStringRef s = JSStringCreateWithUTF8CString(source);
    JSValueRef v = JSEvaluateScript(ctx, s, NULL, NULL, 1, NULL); JSStringRelease(s);
    JSValueProtect(ctx, v); // kept from the collector between calls
    return JSValueToObject(ctx, v, NULL);
}
static void jscSetup(void) {
    ctx = JSGlobalContextCreate(NULL);
    JSStringRef name = JSStringCreateWithUTF8CString("hostData");
    JSObjectSetProperty(ctx, JSContextGetGlobalObject(ctx), name, JSObjectMakeFunctionWithCallback(ctx, name, hostData), 0, NULL);
    JSStringRelease(name);
    trivial = evaluate("(function (a, b) { return a + b })");
    // The data call is a Promise the host settles, as an awaited call would be.
    oneCall = evaluate("(function () { const f = async function (id) { const doc = await new Promise((r) => r(hostData({ _id: id }))); return doc.name };"
                       " return function (id) { let out; f(id).then((v) => { out = v }); return () => out } })()");
}
static char *jscCall(int which, int i) {
    static char out[256];
    JSStringRef args = JSStringCreateWithUTF8CString(which ? "[7]" : "[1, 2]");
    JSObjectRef list = JSValueToObject(ctx, JSValueMakeFromJSONString(ctx, args), NULL); JSStringRelease(args);
    JSValueRef argv[2] = { JSObjectGetPropertyAtIndex(ctx, list, 0, NULL), JSObjectGetPropertyAtIndex(ctx, list, 1, NULL) };
    JSValueRef r = JSObjectCallAsFunction(ctx, which ? oneCall : trivial, NULL, which ? 1 : 2, argv, NULL);
    if (which) r = JSObjectCallAsFunction(ctx, JSValueToObject(ctx, r, NULL), NULL, 0, NULL, NULL);
    JSStringRef json = JSValueCreateJSONString(ctx, r, 0, NULL);
    JSStringGetUTF8CString(json, out, sizeof out); JSStringRelease(json);
    return out;
}

// --- Node.js
static FILE *toNode, *fromNode;
static void writeFrame(const char *json) { uint32_t n = htonl(strlen(json)); fwrite(&n, 4, 1, toNode); fputs(json, toNode); fflush(toNode); }
static char *readFrame(void) {
    static char buf[4096]; uint32_t n;
    if (fread(&n, 4, 1, fromNode) != 1) { fprintf(stderr, "worker gone\n"); exit(1); }
    n = ntohl(n); fread(buf, 1, n, fromNode); buf[n] = 0; return buf;
}
static void nodeSetup(const char *script) {
    int in[2], out[2]; pipe(in); pipe(out);
    if (fork() == 0) { dup2(in[0], 0); dup2(out[1], 1); close(in[1]); close(out[0]); execlp("node", "node", script, NULL); _exit(127); }
    close(in[0]); close(out[1]); toNode = fdopen(in[1], "w"); fromNode = fdopen(out[0], "r");
}
static char *nodeCall(int which, int i) {
    writeFrame(which ? "{\"which\":\"oneCall\",\"call\":[7]}" : "{\"which\":\"trivial\",\"call\":[1,2]}");
    char *m = readFrame();
    if (strncmp(m, "{\"data\"", 7) == 0) { writeFrame("{\"data\":{\"_id\":7,\"name\":\"ann\"}}"); m = readFrame(); }
    return m;
}

static int cmp(const void *a, const void *b) { double x = *(double *)a, y = *(double *)b; return x < y ? -1 : x > y; }
int main(int argc, char **argv) {
    enum { ROUNDS = 10, PER = 2000 };
    jscSetup(); nodeSetup(argc > 1 ? argv[1] : "worker.js");
    for (int w = 0; w < 2000; w++) { jscCall(w & 1, w); nodeCall(w & 1, w); } // warm-up
    printf("check: jsc %s", jscCall(0, 0)); printf(" %s", jscCall(1, 0)); printf(", node %s", nodeCall(0, 0)); printf(" %s\n", nodeCall(1, 0));
    double per[4][ROUNDS];
    for (int r = 0; r < ROUNDS; r++) for (int k = 0; k < 4; k++) {
        int which = k & 1, node = k >> 1; double t = now();
        for (int i = 0; i < PER; i++) node ? (void)nodeCall(which, i) : (void)jscCall(which, i);
        per[k][r] = (now() - t) / PER * 1e6;
    }
    const char *names[] = { "jsc trivial", "jsc one data call", "node trivial", "node one data call" };
    for (int k = 0; k < 4; k++) { qsort(per[k], ROUNDS, sizeof(double), cmp); printf("%-20s median %7.1f us per call (min %.1f, max %.1f)\n", names[k], per[k][ROUNDS / 2], per[k][0], per[k][ROUNDS - 1]); }
    return 0;
}
