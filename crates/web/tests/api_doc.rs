//! docs/API.md shows real answers: each `### POST /api/…` section's first
//! JSON block is sent to that route and every field its second block
//! shows must be in the answer with that value.

use axum::body::Body;
use axum::http::{header, Request, StatusCode};
use gridsolve_web::{app, Settings};
use http_body_util::BodyExt;
use serde_json::Value;
use std::path::Path;
use tower::ServiceExt;

/// The doc's examples: route, request, shown response.
fn examples(doc: &str) -> Vec<(String, Value, Value)> {
    doc.split("\n### `POST ")
        .skip(1)
        .map(|section| {
            let route = section.split('`').next().unwrap().to_string();
            let blocks: Vec<Value> = section
                .split("```json\n")
                .skip(1)
                .map(|block| serde_json::from_str(block.split("```").next().unwrap()).unwrap())
                .collect();
            assert_eq!(blocks.len(), 2, "{route}: a request and a response");
            (route, blocks[0].clone(), blocks[1].clone())
        })
        .collect()
}

/// Whether every field of `shown` is in `answer` with the same value
/// (objects compared field by field, anything else whole).
fn shows(shown: &Value, answer: &Value) -> bool {
    match (shown, answer) {
        (Value::Object(shown), Value::Object(answer)) => shown
            .iter()
            .all(|(key, value)| answer.get(key).is_some_and(|found| shows(value, found))),
        _ => shown == answer,
    }
}

#[tokio::test]
async fn every_example_of_the_api_doc_answers_as_shown() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let doc = std::fs::read_to_string(root.join("docs/API.md")).unwrap();
    let examples = examples(&doc);
    assert!(examples.len() >= 13, "only {} examples", examples.len());
    let app = app(Settings::default());
    for (route, request, shown) in examples {
        let response = app
            .clone()
            .oneshot(
                Request::post(route.as_str())
                    .header(header::CONTENT_TYPE, "application/json")
                    .body(Body::from(request.to_string()))
                    .unwrap(),
            )
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::OK, "{route}");
        let bytes = response.into_body().collect().await.unwrap().to_bytes();
        let answer: Value = serde_json::from_slice(&bytes).unwrap();
        assert!(
            shows(&shown, &answer),
            "{route}: shows\n{shown}\nbut answers\n{answer}"
        );
    }
}
