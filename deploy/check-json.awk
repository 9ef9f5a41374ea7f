# A JSON checker for deploy/start.sh, in POSIX awk (the nginx image has awk, not jq or node).
#
# json_check(text, mode) follows RFC 8259: objects, arrays, strings and their escapes, numbers,
# true/false/null; no control character inside a string, nothing after the value. It returns "" when
# the text is acceptable, else what is wrong (never the text itself). Modes:
#   "whole"  the text must be one JSON object.
#   "extra"  the text must be an object whose top-level member names are plain names (letters and
#            digits, so no escape can spell a refused one), each set once, none of the keys in `owned`;
#            json_members is then the text between its outer braces, trimmed, ready to follow other
#            members in an object.
#
# Run by deploy/start.sh with JSON_VAR naming the environment variable that holds the text (never on the
# command line: awk -v would turn backslash escapes into characters), JSON_MODE, and JSON_OWNED
# ("key=VARIABLE ..."): prints json_members, or the fault on stderr with exit status 1. Without JSON_VAR
# it only defines the functions (scripts/deploy-start-hostile.test.ts checks many texts in one run).
# Run with LC_ALL=C (deploy/start.sh exports it): a character is a byte.

function fault(message) {
  if (json_error == "") json_error = message " (at character " p ")"
  # Past the end: every loop below stops, and each caller returns on json_error.
  p = n + 1
}

# The character at the current position ("" past the end).
function here() {
  return substr(s, p, 1)
}

function is_one_of(c, set) {
  return c != "" && index(set, c) > 0
}

function skip_space() {
  while (is_one_of(here(), " \t\n\r")) p++
}

function digits() {
  if (!is_one_of(here(), "0123456789")) fault("a digit expected")
  while (is_one_of(here(), "0123456789")) p++
}

function number() {
  if (here() == "-") p++
  if (here() == "0") p++
  else digits()
  if (here() == ".") {
    p++
    digits()
  }
  if (is_one_of(here(), "eE")) {
    p++
    if (is_one_of(here(), "+-")) p++
    digits()
  }
}

# Returns the string's text as written (escapes not decoded); p moves past its closing quote.
function string(   start, c) {
  start = ++p
  for (;;) {
    if (p > n) {
      fault("a string is not closed")
      return ""
    }
    c = here()
    if (c == "\"") {
      p++
      return substr(s, start, p - 1 - start)
    }
    if (c in control) fault("a control character inside a string")
    else if (c != "\\") p++
    else {
      c = substr(s, p + 1, 1)
      if (c == "u" && substr(s, p + 2, 4) ~ /^[0-9A-Fa-f][0-9A-Fa-f][0-9A-Fa-f][0-9A-Fa-f]$/) p += 6
      else if (c != "u" && is_one_of(c, "\"\\/bfnrt")) p += 2
      else fault("a bad escape")
    }
  }
}

function value(depth,   c) {
  if (depth > 40) {
    fault("nested too deeply")
    return
  }
  skip_space()
  c = here()
  if (c == "{") object(depth)
  else if (c == "[") array(depth)
  else if (c == "\"") string()
  else if (c == "-" || is_one_of(c, "0123456789")) number()
  else if (substr(s, p, 4) == "true" || substr(s, p, 4) == "null") p += 4
  else if (substr(s, p, 5) == "false") p += 5
  else fault("a value expected")
  skip_space()
}

function array(depth) {
  p++
  skip_space()
  if (here() == "]") {
    p++
    return
  }
  for (;;) {
    value(depth + 1)
    if (json_error != "") return
    if (here() == "]") {
      p++
      return
    }
    if (here() != ",") {
      fault(", or ] expected")
      return
    }
    p++
  }
}

function object(depth,   name) {
  if (depth == 1) opened = p
  p++
  skip_space()
  if (here() == "}") {
    if (depth == 1) closed = p
    p++
    return
  }
  for (;;) {
    skip_space()
    if (here() != "\"") {
      fault("a member name in double quotes expected")
      return
    }
    name = string()
    if (depth == 1 && mode == "extra") top_level_member(name)
    if (json_error != "") return
    skip_space()
    if (here() != ":") {
      fault(": expected")
      return
    }
    p++
    value(depth + 1)
    if (json_error != "") return
    if (here() == "}") {
      if (depth == 1) closed = p
      p++
      return
    }
    if (here() != ",") {
      fault(", or } expected")
      return
    }
    p++
  }
}

function top_level_member(name) {
  if (name !~ /^[A-Za-z][A-Za-z0-9]*$/) fault("member names must be plain names (letters and digits, no escapes)")
  else if (name in owned) json_error = "must not set \"" name "\": deploy/start.sh writes it from " owned[name]
  else if (name in seen) fault("\"" name "\" is set twice")
  else seen[name] = 1
}

function json_check(text, check_mode,   i) {
  s = text
  n = length(s)
  p = 1
  mode = check_mode
  json_error = ""
  json_members = ""
  opened = closed = 0
  split("", seen)
  if (!control_ready) {
    for (i = 1; i < 32; i++) control[sprintf("%c", i)] = 1
    control_ready = 1
  }

  skip_space()
  if (here() != "{") fault("a JSON object, {...}, expected")
  else value(1)
  if (json_error == "" && p <= n) fault("text after the object")
  if (json_error == "" && mode == "extra") {
    json_members = substr(s, opened + 1, closed - opened - 1)
    sub(/^[ \t\n\r]+/, "", json_members)
    sub(/[ \t\n\r]+$/, "", json_members)
  }
  return json_error
}

BEGIN {
  if ("JSON_VAR" in ENVIRON) {
    count = split(ENVIRON["JSON_OWNED"], pairs, " ")
    for (i = 1; i <= count; i++) {
      at = index(pairs[i], "=")
      owned[substr(pairs[i], 1, at - 1)] = substr(pairs[i], at + 1)
    }
    if (json_check(ENVIRON[ENVIRON["JSON_VAR"]], ENVIRON["JSON_MODE"]) != "") {
      print json_error > "/dev/stderr"
      exit 1
    }
    printf "%s", json_members
    exit 0
  }
}
