#!/usr/bin/env python3
"""Validates a GraphQL query (stdin) against GitHub's real schema (argv[1]) with graphql-core.

GitHub's schema defines two fields twice, so it is built with assume_valid_sdl. Prints the errors and
exits 1 when the query is not valid; exits 0 when it is.
"""
import sys

from graphql import build_schema, parse, validate

with open(sys.argv[1], encoding="utf-8") as handle:
    schema = build_schema(handle.read(), assume_valid_sdl=True)
errors = validate(schema, parse(sys.stdin.read()))
for error in errors:
    print(error.message)
sys.exit(1 if errors else 0)
