"""Hostile data calls against a running roster-server demo (called by .ci/fuzz): runaway regular
expressions alone and in wide $or, deep and wide pipelines, huge $in lists, deep queries and
arithmetic on extreme numbers. Each must be answered
without a 5xx and within the data-call deadline (10 s, with room for a busy machine), and the
server must still log a user in afterwards.

    python3 .ci/fuzz-data.py http://127.0.0.1:PORT
"""
import json
import sys

import fuzz_client

BASE = sys.argv[1].rstrip("/")
APP = f"{BASE}/api/client/v2.0/app/roster-demo"
DEADLINE = 10.0
ROOM = 5.0


def post(path, body, token=None):
    return fuzz_client.post(APP, path, body, token)


def login(body, provider):
    status, text, _ = post(f"/auth/providers/{provider}/login", body)
    assert status == 200, f"log-in answered {status}: {text[:200]}"
    return json.loads(text)


joe = login({"username": "joe@example.com", "password": "passw0rd"}, "local-userpass")
token, me = joe["access_token"], joe["user_id"]


def data(name, argument):
    argument = {"database": "my_database", "collection": "users", **argument}
    return post("/functions/call", {"name": name, "service": "mongodb-atlas", "arguments": [argument]}, token)


# Joe's own documents, with long strings for the patterns to chew on.
for first in range(0, 60, 6):
    documents = [{"userId": me, "n": n, "name": "a" * 4000 + "!", "words": "word " * 800} for n in range(first, first + 6)]
    status, text, _ = data("insertMany", {"documents": documents})
    assert status == 200, f"insertMany answered {status}: {text[:200]}"

runaway = ["^(a+)+$", "(a|aa)+$", "(a*)*b", "^(\\w+\\s?)*$", "(.*a){20}", "a*a*a*a*a*a*a*a*!x", "^(([a-z])+.)+[A-Z]([a-z])+$"]
cases = []
for pattern in runaway:
    for field in ("name", "words"):
        query = {field: {"$regex": pattern}}
        cases += [
            ("find", {"query": query}),
            ("count", {"query": query}),
            ("aggregate", {"pipeline": [{"$match": query}, {"$count": "n"}]}),
            ("updateMany", {"query": query, "update": {"$set": {"seen": True}}}),
        ]
cases.append(("find", {"query": {"name": {"$in": [{"$regularExpression": {"pattern": p, "options": "i"}} for p in runaway * 40]}}}))
# Huge $in and $nin lists, as large as the body limit lets them be.
cases.append(("find", {"query": {"n": {"$in": list(range(9000))}}}))
cases.append(("count", {"query": {"n": {"$nin": list(range(9000))}}}))
cases.append(("find", {"query": {"name": {"$in": ["a" * 20] * 2500}}}))
# Deep queries and deep expressions.
deep = {"n": 1}
for _ in range(200):
    deep = {"$and": [deep]}
cases.append(("find", {"query": deep}))
nested = "$name"
for _ in range(200):
    nested = {"$concat": [nested, "a"]}
cases.append(("aggregate", {"pipeline": [{"$set": {"x": nested}}]}))
# Pipelines: the stage limit and past it, fields repeated until they fill the memory, wide ones.
double = {"$set": {"name": {"$concat": ["$name", "$name"]}}}
cases.append(("aggregate", {"pipeline": [double] * 50}))
cases.append(("aggregate", {"pipeline": [double] * 51}))
cases.append(("aggregate", {"pipeline": [{"$set": {"w": {"$concatArrays": [["$words"]] * 400}}}] * 10}))
cases.append(("aggregate", {"pipeline": [{"$project": {f"f{i}": "$name" for i in range(3000)}}]}))
cases.append(("aggregate", {"pipeline": [{"$set": {"r": {"$range": [0, 100000000]}}}]}))
cases.append(("aggregate", {"pipeline": [{"$unwind": "$words"}, {"$group": {"_id": "$name", "all": {"$push": "$$ROOT"}}}] * 5}))
cases.append(("aggregate", {"pipeline": [{"$set": {"s": {"$split": ["$words", " "]}}}, {"$unwind": "$s"}, {"$unwind": "$s"}, {"$sort": {"s": 1}}]}))

# Arithmetic on extreme numbers: each operator answers a value or its error, never a crash.
extremes = [2**63 - 1, -(2**63), 2**31 - 1, -(2**31), 1e308, -1e308, {"$numberDouble": "Infinity"}, {"$numberDouble": "NaN"}]
for operator in ("$substrCP", "$substrBytes", "$substr"):
    for start in (1, -1, 2**63 - 1):
        for length in extremes:
            cases.append(("aggregate", {"pipeline": [{"$project": {"x": {operator: ["$name", start, length]}}}]}))
for operator in ("$add", "$subtract", "$multiply", "$divide", "$mod", "$pow", "$abs", "$trunc", "$round", "$toInt", "$toLong"):
    for value in extremes:
        arguments = [value] if operator in ("$abs", "$toInt", "$toLong") else [value, -1]
        cases.append(("aggregate", {"pipeline": [{"$project": {"x": {operator: arguments if len(arguments) > 1 else arguments[0]}}}]}))
cases.append(("aggregate", {"pipeline": [{"$project": {"r": {"$range": [-(2**63), 2**63 - 1, 2**62]}}}]}))
cases.append(("aggregate", {"pipeline": [{"$skip": 2**63 - 1}, {"$limit": 2**63 - 1}]}))
cases.append(("updateMany", {"query": {"n": 0}, "update": {"$inc": {"big": 2**63 - 1}}}))
cases.append(("updateMany", {"query": {"n": 0}, "update": {"$inc": {"big": 2**63 - 1}}}))
cases.append(("updateMany", {"query": {"n": 0}, "update": {"$mul": {"big": -(2**63)}}}))

# Regular expressions that each stay within a match's limit but not together: one document of
# 700 strings that almost match, and $or of several such clauses, one call of its budget.
status, text, _ = data("insertOne", {"document": {"userId": me, "n": -1, "tags": ["aaaaaaaaaaaaaaaaa!"] * 700}})
assert status == 200, f"insertOne answered {status}: {text[:200]}"
for width in (1, 4, 16):
    clauses = [{"tags": {"$regex": "^(a|a)*$"}}] * width
    cases.append(("find", {"query": {"$or": clauses}}))
    cases.append(("count", {"query": {"$or": clauses}}))
cases.append(("find", {"query": {"$or": [{"tags": {"$regex": p}} for p in runaway * 20]}}))

failures = []
slowest = 0.0
for name, argument in cases:
    status, text, seconds = data(name, argument)
    slowest = max(slowest, seconds)
    if status >= 500 or seconds > DEADLINE + ROOM:
        failures.append(f"{name} {json.dumps(argument)[:160]}: {status} after {seconds:.1f} s: {text[:200]}")
after = login({}, "anon-user")
print(f"fuzz-data: {len(cases)} hostile data calls, slowest answered in {slowest:.1f} s; log-in afterwards: ok")
if failures:
    print("fuzz-data: FAILED", *failures, sep="\n  ", file=sys.stderr)
    sys.exit(1)
